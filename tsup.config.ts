import { readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'tsup';

// The entry points: `cdr-engine` is src/index.ts, `cdr-engine/<name>` is src/entry/<name>.ts (each
// also listed in package.json's `exports`, which scripts/check-build.mjs verifies).
const entries: Record<string, string> = { index: 'src/index.ts' };
for (const file of readdirSync('src/entry').sort()) {
  if (file.endsWith('.ts')) entries[file.slice(0, -3)] = `src/entry/${file}`;
}

// dist/ is emptied once here, before the two builds start (tsup's own `clean` would run in each of
// them, concurrently), so no chunk of an earlier build is left to be packed.
rmSync('dist', { recursive: true, force: true });

// Shared by both builds. mathjs is bundled so that only the factories the engine builds its
// instance from are loaded (mathjs's own entry creates every function it has at import; see
// src/units/mathjs-instance.ts). zod is bundled for a like reason (issue 36): every entry of the
// zod package loads all of its 128 locales (about 120 ms of each start-up), while the bundle keeps
// only what the engine uses (src/ imports `* as z`, eslint.config.mjs says why); zod keeps its
// configuration and registry on globalThis, so a consumer's own zod reads the engine's schemas
// (descriptions, JSON Schema) as its own. Code splitting puts each module once in dist/ and lets every entry load
// only the chunks it uses. No source maps in the package (`npx tsup --sourcemap` for profiling);
// the metafile (dist/metafile-*.json, not packed) is what scripts/check-build.mjs reads. Whitespace
// is minified (names are kept, so stack traces still name functions): it takes the package's code
// from 3.1 to 2.3 MB, which keeps a consumer without the report's peers under 10 MB (issue 27).
/**
 * mathjs on first use (issue 36): in both builds src/units/mathjs-load.ts, which imports the mathjs
 * part of the units (mathjs-factories.ts), is replaced by mathjs-load-required.ts, which `require`s
 * that part's own CommonJS file, dist/mathjs-units.cjs (built with the CommonJS entries, below), when
 * the first formula or unit needs it. No entry's chunks then hold mathjs (scripts/check-build.mjs).
 */
const mathjsOnFirstUse = {
  name: 'mathjs-on-first-use',
  setup(build: { onResolve(options: { filter: RegExp }, callback: (args: { importer: string }) => { path: string } | undefined): void }) {
    build.onResolve({ filter: /^\.\/mathjs-load$/ }, (args) =>
      args.importer.endsWith(`units${'/'}mathjs-instance.ts`) ? { path: resolve('src/units/mathjs-load-required.ts') } : undefined,
    );
  },
};

/** The CommonJS file of mathjs's part (mathjs-load-required.ts loads it), beside the chunks. */
const mathjsUnits = { 'mathjs-units': 'src/units/mathjs-factories.ts' };

const common = {
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  metafile: true,
  clean: false,
  noExternal: ['mathjs', 'zod'],
  minifyWhitespace: true,
  // Lines of at most about 500 characters: an uncaught error prints its source line, which without a
  // limit is a whole chunk (180 kB of code on the terminal before the message); costs 0.2 % in size.
  esbuildOptions(options: { lineLimit?: number }) {
    options.lineLimit = 500;
  },
  esbuildPlugins: [mathjsOnFirstUse],
} as const;

/**
 * Declarations for each module system (issue 35): the ESM build writes `.d.ts` files that import
 * only `.d.ts` files; scripts/commonjs-declarations.mjs then writes their `.d.cts` twins, which import
 * only `.d.cts` files (`npm run build` runs it). An ESM declaration that re-exported its CommonJS twin
 * would resolve the package's peers (fast-check) through their CommonJS typings, so that
 * `cdr-engine/testing`'s arbitraries would not be the ESM consumer's `Arbitrary`. One declaration pass,
 * not one per format: a pass is about a minute of one core, and the second wrote the same text with
 * `.cjs` specifiers.
 * stripInternal: members tagged `@internal` (the prepared graph's indexes) stay out of the API.
 */
const declarations = { entry: entries, compilerOptions: { stripInternal: true } } as const;

// ESM: the library entries and the CLI (src/cli/main.ts loads each command's chunk when it runs).
// The Monte Carlo worker thread of `evaluate --threads` is a file of its own (new Worker(url)).
const esm = {
  ...common,
  entry: { ...entries, cli: 'src/cli/main.ts', 'monte-carlo-worker': 'src/cli/monte-carlo-worker.ts' },
  format: ['esm'],
} as const;

// `npm start` in a fresh clone (scripts/ensure-built.mjs) needs the CLI only: the ESM build alone,
// without the CommonJS build and its declarations (most of the build's time). `npm run build`,
// `npm test` and `npm pack` build both.
export default defineConfig(
  process.env.CDR_ENGINE_BUILD === 'esm'
    ? [
        { ...esm, dts: false },
        { ...common, entry: mathjsUnits, format: ['cjs'], dts: false },
      ]
    : [
        { ...esm, dts: declarations },
        // CommonJS; its declarations (.d.cts) are the ESM ones with `.cjs` specifiers (above).
        { ...common, entry: { ...entries, ...mathjsUnits }, format: ['cjs'], treeshake: true, dts: false },
      ],
);
