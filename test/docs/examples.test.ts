// Every code example of README.md and docs/*.md runs here, so a broken example fails `npm test`:
//
// - ```ts and ```js blocks run as ES modules in which 'cdr-engine' and 'cdr-engine/<entry>' are the
//   sources (the vitest alias), and the TypeScript ones type-check against the sources;
// - ```json blocks parse; one marked `graph`, or whose top level has `component_blueprints`, is a
//   graph document that the engine evaluates and the JSON Schema accepts (`graph-invalid`: one the
//   engine refuses, with the problems the ```text block right after it shows, if there is one);
// - ```sh lines that call `npx cdr-engine ...` run the CLI's main() in-process and must exit 0 (or
//   the code a trailing `# exit N` names); `serve`, which runs until stopped, is not started (but
//   a `serve` line expected to exit non-zero, on bad usage, runs);
// - a ```text block marked `output` quotes what the nearest ```sh block before it prints: each of
//   its lines, but those abridged with `...`, is a line the CLI lines of that block wrote (stdout or
//   stderr), so that a quoted message or count cannot drift from the code.
//
// A block marked `no-run` is skipped (keep them rare). Files other helpers add to docs/ are
// picked up as they come.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatIssuePath, safeEvaluateGraph } from 'cdr-engine';
import { main } from '../../src/cli/main';
import { allCodeBlocks, followingBlock, ROOT, shellWords, where, type CodeBlock } from './code-blocks';

const SCRIPT_LANGS: Readonly<Record<string, 'ts' | 'mjs'>> = { ts: 'ts', typescript: 'ts', js: 'mjs', javascript: 'mjs', mjs: 'mjs' };
const blocks = allCodeBlocks();
const runs = (block: CodeBlock) => !block.flags.includes('no-run');
const scripts = blocks.filter((b) => b.lang in SCRIPT_LANGS && runs(b));
const jsonBlocks = blocks.filter((b) => b.lang === 'json' && runs(b));
const shellBlocks = blocks.filter((b) => (b.lang === 'sh' || b.lang === 'bash' || b.lang === 'shell') && runs(b));
const outputQuotes = blocks.filter((b) => b.lang === 'text' && b.flags.includes('output'));

/** The shell block whose output a quote shows: the nearest one before it in its file. */
const quotedBlock = (quote: CodeBlock): CodeBlock | undefined =>
  shellBlocks.filter((b) => b.file === quote.file && b.line < quote.line).at(-1);

/** The lines of a quote that must be printed as written: all but the abridged ones and blank lines. */
const quotedLines = (quote: CodeBlock): string[] =>
  quote.code
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '' && !l.includes('...'));

const workDir = mkdtempSync(join(tmpdir(), 'cdr-docs-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const fileOf = (block: CodeBlock) =>
  join(workDir, `${block.file.replace(/[^A-Za-z0-9]+/g, '-')}-${block.line}.${SCRIPT_LANGS[block.lang]}`);

describe('the documentation has examples', () => {
  it('README.md and docs/ have runnable blocks of every kind', () => {
    expect(scripts.some((b) => b.file === 'README.md')).toBe(true);
    expect(scripts.length).toBeGreaterThanOrEqual(8);
    expect(jsonBlocks.length).toBeGreaterThanOrEqual(2);
    expect(shellBlocks.length).toBeGreaterThanOrEqual(2);
    // no-run is for the rare block that cannot run; it must not become the habit.
    expect(blocks.filter((b) => b.flags.includes('no-run')).length).toBeLessThanOrEqual(3);
  });
});

describe('```ts / ```js examples run as ES modules', () => {
  for (const block of scripts) {
    it(where(block), async () => {
      const file = fileOf(block);
      writeFileSync(file, `${block.code}\n`);
      const printed: string[] = [];
      const spies = (['log', 'info', 'warn', 'table', 'dir'] as const).map((name) =>
        vi.spyOn(console, name).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' '))),
      );
      try {
        await import(/* @vite-ignore */ pathToFileURL(file).href);
      } catch (error) {
        throw new Error(`the example at ${where(block)} fails: ${(error as Error).message}\n--- printed ---\n${printed.join('\n')}`, {
          cause: error,
        });
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });
  }

  it("read the package's files through the package, not from the working directory", () => {
    // `cdr-engine/examples/...` resolves wherever the example runs; 'examples/...' only in a clone's root.
    const relative = /['"`](?:\.\.?\/)*(?:examples|worlds|schema)\//;
    expect(scripts.filter((b) => relative.test(b.code)).map(where)).toEqual([]);
  });

  it('the TypeScript examples type-check against the sources', () => {
    const tsBlocks = scripts.filter((b) => SCRIPT_LANGS[b.lang] === 'ts');
    const dir = join(workDir, 'typecheck');
    mkdirSync(dir, { recursive: true });
    const files = tsBlocks.map((block) => {
      const file = join(dir, `${block.file.replace(/[^A-Za-z0-9]+/g, '-')}-${block.line}.ts`);
      // `export {}` keeps each example a module of its own, as it runs.
      writeFileSync(file, `${block.code}\nexport {};\n`);
      return { block, file };
    });
    const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const program = ts.createProgram(
      files.map((f) => f.file),
      { ...parsed.options, noEmit: true, incremental: false },
    );
    // Only the examples are checked (the sources are, by `tsc --noEmit`): their types are read
    // from the sources as needed, which costs far less than checking every source file again.
    const problems = files.flatMap(({ block, file }) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => {
        const { line } = d.file === undefined ? { line: 0 } : d.file.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${block.file}:${block.line + 1 + line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
    expect(problems).toEqual([]);
  }, 240_000);
});

/** Whether a JSON value claims to be a graph document. */
const isGraphClaim = (block: CodeBlock, value: unknown) =>
  block.flags.includes('graph') ||
  block.flags.includes('graph-invalid') ||
  (typeof value === 'object' && value !== null && 'component_blueprints' in value);

describe('```json examples', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schema/graph.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true }).compile(schema);
  for (const block of jsonBlocks) {
    it(where(block), () => {
      let value: unknown;
      expect(() => (value = JSON.parse(block.code)), `${where(block)} is not JSON (use jsonc for annotated shapes)`).not.toThrow();
      if (!isGraphClaim(block, value)) return;
      const outcome = safeEvaluateGraph(value);
      if (block.flags.includes('graph-invalid')) {
        expect(outcome.ok, `${where(block)} is marked graph-invalid but evaluates`).toBe(false);
        const shown = followingBlock(blocks, block);
        if (!outcome.ok && shown?.lang === 'text') {
          expect(outcome.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message} [${i.code}]`).join('\n')).toBe(shown.code.trim());
        }
        return;
      }
      expect(outcome.ok ? [] : outcome.issues, `${where(block)} is a graph document the engine refuses`).toEqual([]);
      expect(validate(value), `${where(block)}: ${JSON.stringify(validate.errors)}`).toBe(true);
    });
  }
});

/** One `npx cdr-engine ...` line of a shell block: its arguments, redirections and expected exit. */
interface CliLine {
  readonly args: string[];
  readonly stdin: string | undefined;
  readonly exit: number;
}

/** The CLI lines of a shell block (continuations joined); other commands (npm, ...) are not run. */
function cliLines(block: CodeBlock): CliLine[] {
  const lines = block.code.replace(/\\\n/g, ' ').split('\n');
  const found: CliLine[] = [];
  for (const raw of lines) {
    const words = shellWords(raw.replace(/^\s*\$\s+/, ''));
    const at = words[0] === 'npx' ? 1 : 0;
    if (words[at] !== 'cdr-engine') continue;
    const exit = /#\s*exit\s+(\d+)\s*$/.exec(raw);
    const args: string[] = [];
    let stdin: string | undefined;
    for (let k = at + 1; k < words.length; k++) {
      const word = words[k] as string;
      if (word === '<') stdin = readFileSync(join(ROOT, words[++k] as string), 'utf8');
      else if (word === '>' || word === '2>')
        k++; // the output is captured here, not written
      else if (word === '|' || word === '&&' || word === ';')
        throw new Error(`${where(block)}: a CLI line with '${word}' cannot run in-process; split it or mark the block no-run`);
      else args.push(word);
    }
    found.push({ args, stdin, exit: exit === null ? 0 : Number(exit[1]) });
  }
  return found;
}

describe('```sh lines that call the CLI', () => {
  for (const block of shellBlocks) {
    it(where(block), async () => {
      const printed: string[] = [];
      for (const line of cliLines(block)) {
        // serve runs until stopped, unless refused at once.
        if (line.args[0] === 'serve' && !line.args.includes('--help') && line.exit === 0) continue;
        let out = '';
        let err = '';
        const io = {
          out: (t: string) => (out += t),
          err: (t: string) => (err += t),
          ...(line.stdin === undefined ? {} : { stdin: async () => line.stdin as string }),
        };
        const code = await main(line.args, io);
        printed.push(...`${out}\n${err}`.split('\n').map((l) => l.trimEnd()));
        expect([line.args.join(' '), code], `${where(block)}: cdr-engine ${line.args.join(' ')}\n${err}`).toEqual([
          line.args.join(' '),
          line.exit,
        ]);
        if (line.exit === 0) expect(out.length).toBeGreaterThan(0);
      }
      for (const quote of outputQuotes.filter((q) => quotedBlock(q) === block)) {
        const missing = quotedLines(quote).filter((l) => !printed.includes(l));
        expect(missing, `${where(quote)} quotes lines that ${where(block)} does not print`).toEqual([]);
      }
    });
  }

  it('every ```text output block follows a shell block with CLI lines and quotes some of their lines', () => {
    expect(outputQuotes.length).toBeGreaterThanOrEqual(2);
    for (const quote of outputQuotes) {
      const block = quotedBlock(quote);
      expect(block === undefined ? 0 : cliLines(block).length, `${where(quote)} has no shell block before it`).toBeGreaterThan(0);
      expect(quotedLines(quote).length, where(quote)).toBeGreaterThan(0);
    }
  });
});
