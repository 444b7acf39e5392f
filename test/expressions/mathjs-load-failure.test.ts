// A mathjs that cannot be loaded (an application bundled with cdr-engine inside, where
// dist/mathjs-units.cjs is not beside its file) is thrown as the installation's problem, naming the
// file and what to do: a valid formula is never reported as a syntax error for it, nor a unit that
// needs mathjs as unknown (README, "Loaded on first use"). The engine is bundled as such an
// application bundles it, in a process of its own (the test files share their modules: nothing here
// may replace a module of theirs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { mathjsFactories } from '../../src/units/mathjs-load-required';
import { blueprint } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'cdr-mathjs-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = (path: string): string => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));
const failure = (beside: string): RegExp =>
  new RegExp(
    `^cdr-engine could not load its file dist/mathjs-units\\.cjs beside .*${beside} \\(Cannot find module '\\./mathjs-units\\.cjs'.*\\): ` +
      'a bundle of an application keeps cdr-engine external \\(esbuild --external:cdr-engine, webpack externals\\)',
  );

/** The package's substitution (tsup.config.ts): mathjs is required from its own file on first use. */
const mathjsOnFirstUse: Plugin = {
  name: 'mathjs-on-first-use',
  setup(b) {
    b.onResolve({ filter: /^\.\/mathjs-load$/ }, (args) =>
      args.importer.endsWith(join('units', 'mathjs-instance.ts')) ? { path: source('units/mathjs-load-required.ts') } : undefined,
    );
  },
};

describe('mathjs cannot be loaded', () => {
  it('the loader says which file is missing and to keep cdr-engine external, with the cause', () => {
    // Under src/units there is no mathjs-units.cjs beside the loader, as in such a bundle.
    let thrown: unknown;
    try {
      mathjsFactories();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toMatch(failure('mathjs-load-required\\.ts'));
    expect(((thrown as Error).cause as NodeJS.ErrnoException).code).toBe('MODULE_NOT_FOUND');
  });

  it('in a bundle without the file, compiling a valid formula and reading km2 throw that error', async () => {
    const entry = join(dir, 'entry.ts');
    const valid = blueprint([['m', 'mass']], [['f', '{m} * 2']]);
    writeFileSync(
      entry,
      [
        `import { compileBlueprint } from ${JSON.stringify(source('expressions/index.ts'))};`,
        `import { parseUnit } from ${JSON.stringify(source('units/index.ts'))};`,
        'const outcome = (f) => { try { return { returned: f() }; } catch (error) { return { thrown: error.message }; } };',
        `const formula = outcome(() => compileBlueprint(${JSON.stringify(valid)}));`,
        "const unit = outcome(() => parseUnit('km2'));",
        'console.log(JSON.stringify({ formula, unit }));',
      ].join('\n'),
    );
    const bundle = join(dir, 'app.mjs');
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
      plugins: [mathjsOnFirstUse],
    });
    const run = spawnSync(process.execPath, [bundle], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const printed = JSON.parse(run.stdout) as Record<'formula' | 'unit', { thrown?: string; returned?: unknown }>;
    expect(printed.formula.returned).toBeUndefined();
    expect(printed.formula.thrown).toMatch(failure('app\\.mjs'));
    expect(printed.unit.returned).toBeUndefined();
    expect(printed.unit.thrown).toMatch(failure('app\\.mjs'));
  }, 90_000);
});
