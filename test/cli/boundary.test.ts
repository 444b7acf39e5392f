// The CLI at the boundary (issue 14 item 7): help for every command, usage errors on stderr with
// exit 2, an unreadable file as a plain sentence with the same exit code in every command, text
// that is not JSON reported with its line and column, and `-` for standard input.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands';
import { lineAndColumn, readJsonDocument } from '../../src/cli/document';
import { main } from '../../src/cli/main';

const EXAMPLE = fileURLToPath(new URL('../../examples/biochar-project.json', import.meta.url));
const EXAMPLE_TEXT = readFileSync(EXAMPLE, 'utf8');
const ENTRY = 'rmv_01JA0BATCHA000000000';

async function run(argv: readonly string[], stdin?: string) {
  let out = '';
  let err = '';
  const io = {
    out: (t: string) => (out += t),
    err: (t: string) => (err += t),
    ...(stdin === undefined ? {} : { stdin: async () => stdin }),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'cdr-boundary-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/**
 * Every command that reads a document, and how it is given one. A new command that reads a
 * document belongs here (the test below fails until it is listed here or in NO_DOCUMENT).
 */
const DOCUMENT_COMMANDS: Readonly<Record<string, (document: string) => string[]>> = {
  evaluate: (document) => ['evaluate', document],
  explain: (document) => ['explain', document, ENTRY],
  report: (document) => ['report', document, '--entry', ENTRY],
  check: (document) => ['check', document, '--runs', '1'],
  serve: (document) => ['serve', '--port', '0', '--world', document],
};
const NO_DOCUMENT = new Set(['schema']);

describe('help', () => {
  it('`<command> --help`, `<command> -h` and `help <command>` print that command’s usage on stdout, exit 0', async () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(4);
    for (const command of COMMANDS) {
      for (const argv of [
        [command.name, '--help'],
        [command.name, '-h'],
        ['help', command.name],
        [command.name, 'x.json', '--help'],
      ]) {
        const { code, out, err } = await run(argv);
        expect([argv, code, err]).toEqual([argv, 0, '']);
        expect(out).toBe(`${command.usage}\n`);
        expect(out.startsWith(`usage: cdr-engine ${command.name}`)).toBe(true);
      }
    }
  });

  it('the general help lists every command', async () => {
    for (const argv of [['--help'], ['help']]) {
      const { code, out } = await run(argv);
      expect(code).toBe(0);
      for (const command of COMMANDS) expect(out).toContain(`cdr-engine ${command.name}`);
    }
  });
});

describe('usage errors', () => {
  it('go to stderr with exit 2 and nothing on stdout', async () => {
    const cases: [string[], string][] = [
      [[], 'usage: cdr-engine <command>'],
      [['launch'], "unknown command 'launch'"],
      [['help', 'launch'], "unknown command 'launch'"],
      [['evaluate', '--format', 'xml'], '--format must be json, table or ndjson'],
      [['evaluate', '--frobnicate'], "unknown option '--frobnicate'"],
      [['evaluate', 'a.json', 'b.json'], 'expected at most one graph file'],
      [['explain', EXAMPLE], 'expected a graph file and a GHG entry id'],
      [['explain', '--verbose', EXAMPLE, ENTRY], "unknown option '--verbose'"],
      [['serve', '--nope'], "unknown option '--nope'"],
      [['serve', '--port', 'x'], '--port must be an integer from 0 to 65535'],
      [['schema', 'graph.json'], "unexpected argument 'graph.json'"],
    ];
    for (const [argv, message] of cases) {
      const { code, out, err } = await run(argv);
      expect([argv, code, out]).toEqual([argv, 2, '']);
      expect(err).toContain(message);
      expect(err).toContain('usage: cdr-engine');
    }
  });
});

describe('a file that cannot be read', () => {
  it('every command that reads a document is listed here', () => {
    for (const command of COMMANDS) expect(command.name in DOCUMENT_COMMANDS || NO_DOCUMENT.has(command.name), command.name).toBe(true);
  });

  it('is a plain sentence with exit 2 in every command: missing, a directory', async () => {
    const missing = join(dir, 'missing.json');
    for (const [name, argv] of Object.entries(DOCUMENT_COMMANDS)) {
      const absent = await run(argv(missing));
      expect([name, absent.code, absent.out]).toEqual([name, 2, '']);
      expect(absent.err).toBe(`cdr-engine ${name}: cannot read '${missing}': no such file\n`);
      const directory = await run(argv(dir));
      expect([name, directory.code]).toEqual([name, 2]);
      expect(directory.err).toBe(`cdr-engine ${name}: cannot read '${dir}': it is a directory\n`);
      for (const text of [absent.err, directory.err]) expect(text).not.toMatch(/E[A-Z]{3,}/);
    }
  });
});

describe('a text that is not JSON', () => {
  it('is reported with its line and column, exit 1, in every command', async () => {
    const broken = file('broken.json', '{\n  "datapoints": [],\n  "components" []\n}\n');
    for (const [name, argv] of Object.entries(DOCUMENT_COMMANDS)) {
      const { code, out, err } = await run(argv(broken));
      expect([name, code, out]).toEqual([name, 1, '']);
      expect(err).toBe(`cdr-engine ${name}: '${broken}' is not valid JSON: Expecting ':' delimiter at line 3, column 16\n`);
    }
  });

  it('names the place of each kind of mistake', async () => {
    const cases: [string, string][] = [
      ['', 'Expecting value at line 1, column 1'],
      ['{"a": 1,}', 'Expecting property name enclosed in double quotes at line 1, column 9'],
      ['[1, 2\n\n', "Expecting ',' delimiter at line 3, column 1"],
      ['{"a": "b\n"}', 'Invalid control character at line 1, column 9'],
      ['{"a": "b', 'Unterminated string starting at line 1, column 7'],
      ['{"a": NaN}', 'Expecting value at line 1, column 7'],
      ['{} {}', 'Extra data at line 1, column 4'],
    ];
    for (const [text, message] of cases) {
      const { code, err } = await run(['evaluate', file('case.json', text)]);
      expect([text, code]).toEqual([text, 1]);
      expect(err).toContain(`is not valid JSON: ${message}\n`);
    }
  });

  it('in a file too large for one string, is said with the byte the chunked read stopped at', async () => {
    const path = file('large.json', `{"datapoints": [], "components" [], "padding": "${'x'.repeat(200)}"}`);
    const err: string[] = [];
    const io = { out: () => {}, err: (t: string) => err.push(t) };
    // The runtime's limit made small: the file is larger, so it is not read again as one string.
    expect(await readJsonDocument('evaluate', path, path, io, 100)).toEqual({ ok: false, exitCode: 1 });
    expect(err.join('')).toBe(`cdr-engine evaluate: '${path}' is not valid JSON: expected ':' after a key at byte 32\n`);
    // Within the limit it is read again whole, for the line and column.
    err.length = 0;
    expect(await readJsonDocument('evaluate', path, path, io, 1000)).toEqual({ ok: false, exitCode: 1 });
    expect(err.join('')).toBe(`cdr-engine evaluate: '${path}' is not valid JSON: Expecting ':' delimiter at line 1, column 33\n`);
  });

  it('a byte order mark before the JSON is not a mistake', async () => {
    const { code } = await run(['evaluate', file('bom.json', `\uFEFF${EXAMPLE_TEXT}`)]);
    expect(code).toBe(0);
  });

  it('line and column count from 1, across \\n and \\r\\n line ends', () => {
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('a\nbc', 3)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('a\r\nbc', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('\n\n', 2)).toEqual({ line: 3, column: 1 });
  });
});

describe('a key written twice in one object', () => {
  // Which of the two JSON.parse keeps would decide the figures: refused, with both places.
  const text = '\uFEFF{\r\n  "datapoints": [],\r\n  "a": {"é😀": 1, "x": {"é😀": 2}, "\\u00e9😀": 3}\r\n}\r\n';
  const places = () => {
    const bare = text.slice(1);
    const at = (offset: number) => lineAndColumn(bare, offset);
    const [first, second] = [at(bare.indexOf('"é😀": 1')), at(bare.indexOf('"\\u00e9😀"'))];
    return `at line ${first.line}, column ${first.column} and at line ${second.line}, column ${second.column}`;
  };
  const message = (name: string, named: string) =>
    `cdr-engine ${name}: ${named} writes the key "é😀" twice in one object, ${places()}: ` +
    'JSON.parse would keep the second, so the figures would depend on the order the text is written in; keep one\n';

  it('is refused with both places, exit 1, in every command, from a file or standard input', async () => {
    expect(places()).toBe('at line 3, column 9 and at line 3, column 36');
    const path = file('twice.json', text);
    for (const [name, argv] of Object.entries(DOCUMENT_COMMANDS)) {
      const fromFile = await run(argv(path));
      expect([name, fromFile.code, fromFile.out, fromFile.err]).toEqual([name, 1, '', message(name, `'${path}'`)]);
      const fromStdin = await run(argv('-'), text);
      expect([name, fromStdin.code, fromStdin.err]).toEqual([name, 1, message(name, 'standard input')]);
    }
    const whole = await run(['evaluate', path, '--discount', 'monte-carlo', '--samples', '500']);
    expect([whole.code, whole.err]).toEqual([1, message('evaluate', `'${path}'`)]);
  });

  it('in an item of a large collection and at the top of the document, read as the evaluation reads them', async () => {
    const example = JSON.parse(EXAMPLE_TEXT) as { datapoints: Record<string, unknown>[] };
    const lines = JSON.stringify(example, null, 1).split('\n');
    const first = lines.findIndex((l) => l.startsWith('   "id": '));
    const twiceInItem = [...lines.slice(0, first + 1), lines[first] as string, ...lines.slice(first + 1)].join('\n');
    const twiceAtTop = `{"datapoints": [], ${EXAMPLE_TEXT.trim().slice(1)}`;
    const cases: [string, string, number][] = [
      [twiceInItem, 'id', first + 1],
      [twiceAtTop, 'datapoints', 1],
    ];
    for (const [doc, key, line] of cases) {
      const path = file('twice-example.json', doc);
      for (const extra of [[], ['--discount', 'monte-carlo', '--samples', '200'], ['--format', 'ndjson']]) {
        const { code, out, err } = await run(['evaluate', path, ...extra]);
        expect([key, extra, code, out]).toEqual([key, extra, 1, '']);
        expect(err).toMatch(
          new RegExp(
            `^cdr-engine evaluate: '.*' writes the key "${key}" twice in one object, at line ${line}, column \\d+ and at line \\d+`,
          ),
        );
      }
    }
  });
});

describe('`-` reads standard input', () => {
  it('evaluate - prints what evaluate <file> prints, but for the name of the document', async () => {
    const fromFile = await run(['evaluate', EXAMPLE, '--format', 'table']);
    const fromStdin = await run(['evaluate', '-', '--format', 'table'], EXAMPLE_TEXT);
    const named = fromFile.out.replaceAll(EXAMPLE, '<file>').replace('cdr-engine evaluate <file>:', 'cdr-engine evaluate standard input:');
    expect(fromStdin.out.replace(/^=+$/m, '=')).toBe(named.replace(/^=+$/m, '='));
    expect(fromStdin.err).toBe(fromFile.err);
    expect((await run(['evaluate', '-'], EXAMPLE_TEXT)).out).toBe((await run(['evaluate', EXAMPLE])).out);
    expect(fromStdin.code).toBe(0);
  });

  it('explain - <entry> prints what explain <file> <entry> prints', async () => {
    const fromFile = await run(['explain', EXAMPLE, ENTRY]);
    const fromStdin = await run(['explain', '-', ENTRY], EXAMPLE_TEXT);
    expect(fromStdin).toEqual(fromFile);
    expect(fromStdin.code).toBe(0);
  });

  it('problems of a document on standard input name it so, in every command', async () => {
    for (const [name, argv] of Object.entries(DOCUMENT_COMMANDS)) {
      const { code, err } = await run(argv('-'), '{"a": }');
      expect([name, code]).toEqual([name, 1]);
      expect(err).toBe(`cdr-engine ${name}: standard input is not valid JSON: Expecting value at line 1, column 7\n`);
    }
    const invalid = await run(
      ['evaluate', '-'],
      JSON.stringify({ component_blueprints: [], datapoints: [], components: [], ghg_entries: [], extra: 1 }),
    );
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain('cdr-engine evaluate: 1 problem(s) in standard input');
    expect(invalid.err).toContain("unknown key 'extra' at the top of the document");
  });
});
