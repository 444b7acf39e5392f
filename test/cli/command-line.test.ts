// The command line in the CLI's own words (issue 27 item 5): `version` and `-V`, an option given
// twice, unknown options and values that begin with '-', `explain` listing the valid ids, `report`
// naming its flags and a missing output folder, the conformance run without its documents beside
// the clone, and a document too large for one JavaScript string.
import { constants } from 'node:buffer';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArguments } from '../../src/cli/arguments';
import { readFailure } from '../../src/cli/document';
import { main } from '../../src/cli/main';
import { writeFailure } from '../../src/cli/report';
import { VERSION } from '../../src/version';
// @ts-expect-error: a plain ES module of the scripts, without declarations
import { missingSpecDocuments } from '../../scripts/conformance-spec.mjs';

const EXAMPLE = fileURLToPath(new URL('../../examples/biochar-project.json', import.meta.url));
const ENTRY = 'rmv_01JA0BATCHA000000000';

async function run(argv: readonly string[], stdin?: () => Promise<string>) {
  let out = '';
  let err = '';
  const io = { out: (t: string) => (out += t), err: (t: string) => (err += t), ...(stdin === undefined ? {} : { stdin }) };
  const code = await main(argv, io);
  return { code, out, err };
}

describe('parseArguments', () => {
  it('takes --name value and --name=value, keeps positionals in order, and `-` and everything after `--` as positionals', () => {
    expect(parseArguments(['a.json', '--format', 'table', '--entries=3', '-', '--', '--x'], ['format', 'entries'])).toEqual({
      values: { format: 'table', entries: '3' },
      flags: new Set(),
      positionals: ['a.json', '-', '--x'],
    });
  });

  it('takes flags without a value, refuses one given twice or with a value, and lists them among the options', () => {
    expect(parseArguments(['a.json', '--strict-warnings', '--format', 'json'], ['format'], ['strict-warnings'])).toEqual({
      values: { format: 'json' },
      flags: new Set(['strict-warnings']),
      positionals: ['a.json'],
    });
    expect(parseArguments(['--strict-warnings', '--strict-warnings'], [], ['strict-warnings'])).toBe(
      '--strict-warnings is given twice; give it once',
    );
    expect(parseArguments(['--strict-warnings=yes'], [], ['strict-warnings'])).toBe('--strict-warnings takes no value');
    expect(parseArguments(['--strict-warning'], ['format'], ['strict-warnings'])).toBe(
      "unknown option '--strict-warning'; did you mean '--strict-warnings'? (options: --format, --strict-warnings)",
    );
  });

  it('refuses an option given twice, naming both values', () => {
    expect(parseArguments(['--format', 'table', '--format=json'], ['format'])).toBe(
      "--format is given twice ('table', then 'json'); give it once",
    );
  });

  it('names the nearest option of a misspelled one, and lists the options', () => {
    expect(parseArguments(['--fromat', 'json'], ['format', 'entries'])).toBe(
      "unknown option '--fromat'; did you mean '--format'? (options: --format, --entries)",
    );
    expect(parseArguments(['--bogus'], ['format'])).toBe("unknown option '--bogus' (options: --format)");
    expect(parseArguments(['-x'], [])).toBe("unknown option '-x' (this command takes no options)");
  });

  it('takes a value that begins with a single dash, and says when a value is missing', () => {
    expect(parseArguments(['--port', '-1'], ['port'])).toEqual({ values: { port: '-1' }, flags: new Set(), positionals: [] });
    expect(parseArguments(['--port'], ['port'])).toBe('--port needs a value');
    expect(parseArguments(['--out', '--entry', 'x'], ['out', 'entry'])).toBe('--out needs a value');
  });
});

describe('the commands', () => {
  it.each([['version'], ['-V'], ['--version'], ['-v']])('`%s` prints the version', async (argument) => {
    expect(await run([argument])).toEqual({ code: 0, out: `cdr-engine ${VERSION}\n`, err: '' });
  });

  it('an option given twice is a usage error, not the last one silently', async () => {
    const { code, out, err } = await run(['evaluate', EXAMPLE, '--format', 'table', '--format', 'json']);
    expect([code, out]).toEqual([2, '']);
    expect(err).toContain("cdr-engine evaluate: --format is given twice ('table', then 'json'); give it once\nusage: cdr-engine evaluate");
  });

  it('unknown options and bad ports get our own sentences, not parseArgs texts', async () => {
    const bogus = await run(['evaluate', '--bogus']);
    expect(bogus.code).toBe(2);
    expect(bogus.err).toMatch(
      /^cdr-engine evaluate: unknown option '--bogus' \(options: --format, --entries, --discount, --percentile, --samples, --tolerance, --seed, --threads, --strict-warnings, --expressions\)\n/,
    );
    expect(bogus.err).not.toMatch(/ERR_PARSE_ARGS|positional argument/);
    const port = await run(['serve', '--port', '-1']);
    expect(port.code).toBe(2);
    expect(port.err).toMatch(/^cdr-engine serve: --port must be an integer from 0 to 65535, got '-1'\n/);
    expect(port.err).not.toContain('XYZ');
    for (const argv of [
      ['check', 'm.json', '--run', '3'],
      ['report', 'g.json', '--entyr', 'x'],
      ['explain', '--verbose', 'g.json', 'x'],
    ]) {
      const { code, err } = await run(argv);
      expect([argv, code]).toEqual([argv, 2]);
      expect(err).toMatch(/unknown option '--\w+'/);
    }
  });

  it('explain with an unknown id lists the valid ids and the nearest one', async () => {
    const { code, err } = await run(['explain', EXAMPLE, 'rmv_01JA0BATCHA00000000']);
    expect(code).toBe(1);
    expect(err).toContain(
      "the document has no GHG entry 'rmv_01JA0BATCHA00000000' (did you mean 'rmv_01JA0BATCHA000000000'?); its entries: rmv_01JA0BATCHA000000000, rmv_01JA0BATCHB000000000 [unknown_entry]",
    );
  });

  it('report speaks of --entry, not of options.ghgEntryId', async () => {
    for (const argv of [
      ['report', EXAMPLE],
      ['report', EXAMPLE, '--entry', 'nope'],
    ]) {
      const { code, err } = await run(argv);
      expect(code).toBe(1);
      expect(err).not.toContain('ghgEntryId');
      expect(err).toContain('  --entry: the document has');
    }
    expect((await run(['report', EXAMPLE])).err).toContain('name one with --entry ID (or a statement with --statement ID)');
  });

  it('report to a missing folder is a plain sentence, not ENOENT', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'cdr-report-')), 'missing');
    const { code, err } = await run(['report', EXAMPLE, '--entry', ENTRY, '--out', join(folder, 'r.html')]);
    expect(code).toBe(2);
    expect(err).toBe(
      `cdr-engine report: cannot write '${join(folder, 'r.html')}': the folder '${folder}' does not exist (create it first, or name another --out)\n`,
    );
    expect(writeFailure('x.html', 'EACCES')).toBe('permission denied');
    expect(writeFailure('x.html', 'EWHATEVER')).toBe('it could not be written');
  });
});

describe('a document too large for one JavaScript string', () => {
  const limitText = constants.MAX_STRING_LENGTH.toLocaleString('en-US');

  it('is refused with the reason, the limit and what to do, whichever way Node reports it', () => {
    for (const error of [
      new RangeError('Invalid string length'),
      Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' }),
    ]) {
      const reason = readFailure(error);
      expect(reason).toContain(`too large to read as one JavaScript string (the limit is ${limitText} characters`);
      expect(reason).toContain('split the graph into documents of fewer GHG entries');
    }
    expect(readFailure(new RangeError('Invalid string length'), 1024 * 1024)).toContain('the limit is 1,048,576 characters, about 1 MB');
    expect(readFailure(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe('no such file');
    expect(readFailure(new Error('x'))).toBe('it could not be read');
  });

  it('evaluate says so, with exit 2', async () => {
    const { code, out, err } = await run(['evaluate', '-'], async () => {
      throw new RangeError('Invalid string length');
    });
    expect([code, out]).toEqual([2, '']);
    expect(err).toMatch(
      /^cdr-engine evaluate: cannot read standard input: it is too large to read as one JavaScript string \(the limit is [\d,]+ characters, about \d+ MB/,
    );
  });
});

describe('npm run conformance', () => {
  it('says it needs the specification documents beside the clone when they are missing', () => {
    const clone = join(mkdtempSync(join(tmpdir(), 'cdr-bare-')), 'clone');
    const message = missingSpecDocuments(clone) as string | null;
    // The message names the folder it looks in (a pattern, so that this test reads nothing there).
    expect(message).toMatch(/it needs the specification documents beside the clone, in \.\.\/shared\/spec\/openapi\//);
    expect(message).toContain(join(clone, '..', 'shared', 'spec', 'openapi'));
  });
});
