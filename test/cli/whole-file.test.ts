/**
 * A Monte Carlo run's document read whole (src/cli/document.ts: readWholeFile, parseDocumentBytes,
 * parseJsonBytes; evaluate.ts sends the bytes to its worker threads): the same document as the
 * chunked parse of any other command, and the same messages for a file that cannot be read or is
 * not JSON.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocumentBytes, parseFileInChunks, parseJsonBytes, readJsonDocument, readWholeFile } from '../../src/cli/document';
import type { Io } from '../../src/cli/io';
import { runCli as run } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'cdr-whole-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(text: string | Buffer): string {
  const path = join(dir, `f${files++}.json`);
  writeFileSync(path, text);
  return path;
}

/** An Io collecting stderr. */
function collecting(): { io: Io; err: () => string } {
  let err = '';
  return { io: { out: () => {}, err: (t) => (err += t) }, err: () => err };
}

/** readWholeFile then parseDocumentBytes, as a Monte Carlo run reads a file: the document, or the exit code and stderr. */
async function readWhole(path: string): Promise<unknown> {
  const { io, err } = collecting();
  const whole = await readWholeFile('evaluate', path, path, io);
  if (!whole.ok) return { exitCode: whole.exitCode, err: err() };
  if (whole.bytes === null) return 'not read whole';
  const read = parseDocumentBytes('evaluate', whole.bytes, path, io);
  return read.ok ? { document: read.document } : { exitCode: read.exitCode, err: err() };
}

/** readJsonDocument (the chunked parse), in the same form. */
async function readChunked(path: string): Promise<unknown> {
  const { io, err } = collecting();
  const read = await readJsonDocument('evaluate', path, path, io);
  return read.ok ? { document: read.document } : { exitCode: read.exitCode, err: err() };
}

const document = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('datapoints', 'components', 'ghg_entries', '__proto__')),
  fc.oneof(fc.array(fc.jsonValue(), { maxLength: 6 }), fc.jsonValue()),
  { maxKeys: 5 },
);

describe('a document read whole', () => {
  it('is the document of the chunked parse, with or without a byte order mark, any spacing', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.integer({ min: 0, max: 2 }), fc.boolean(), async (value, indent, bom) => {
        const path = file(`${bom ? '\uFEFF' : ''}${JSON.stringify(value, null, indent)}`);
        const whole = await readWhole(path);
        expect(whole).toStrictEqual({ document: await parseFileInChunks(path) });
        expect(Object.keys((whole as { document: object }).document)).toEqual(Object.keys(JSON.parse(JSON.stringify(value)) as object));
      }),
      { numRuns: 60 },
    );
  });

  it('gives the messages and exit codes of the chunked parse for a text that is not JSON or not an object', async () => {
    const texts = [
      '',
      '{',
      '{"a": 1,}',
      '{"a": [1, 2}',
      '[1, 2]',
      '"text"',
      '{"a": 1} x',
      '\uFEFF{"a": tru}',
      Buffer.from([0x7b, 0xff, 0x7d]),
    ];
    for (const text of texts) {
      const path = file(text);
      expect(await readWhole(path), String(text)).toStrictEqual(await readChunked(path));
    }
  });

  it('says why a file cannot be read as any command does; a directory or a larger file is left to the chunked parse', async () => {
    const missing = join(dir, 'missing.json');
    expect(await readWhole(missing)).toStrictEqual(await readChunked(missing));
    expect(await readWhole(missing)).toMatchObject({ exitCode: 2, err: expect.stringContaining('no such file') });
    const folder = join(dir, 'folder.json');
    mkdirSync(folder);
    expect(await readWhole(folder)).toBe('not read whole');
    const { io } = collecting();
    const path = file('{"a": [1, 2, 3]}');
    expect(await readWholeFile('evaluate', path, path, io, 15)).toStrictEqual({ ok: true, bytes: null });
    const fits = await readWholeFile('evaluate', path, path, io, 16);
    expect(fits.ok && fits.bytes !== null && parseJsonBytes(fits.bytes)).toEqual({ a: [1, 2, 3] });
  });

  it('parseJsonBytes reads a view into a larger buffer by its own bytes only', () => {
    const whole = Buffer.from('xx\uFEFF{"b": "é"}yy', 'utf8');
    expect(parseJsonBytes(whole.subarray(2, whole.length - 2))).toEqual({ b: 'é' });
  });
});

describe('evaluate --discount monte-carlo on a document read whole', () => {
  it('prints what it prints for the same document on standard input', async () => {
    const text = `\uFEFF${JSON.stringify(JSON.parse(await import('node:fs').then((fs) => fs.readFileSync('examples/biochar-project.json', 'utf8'))))}`;
    const path = file(text);
    const args = ['--discount', 'monte-carlo', '--samples', '500', '--threads', '1'];
    const fromFile = await run(['evaluate', path, ...args]);
    expect(fromFile.code).toBe(0);
    const { main } = await import('../../src/cli/main');
    let out = '';
    const code = await main(['evaluate', '-', ...args], { out: (t) => (out += t), err: () => {}, stdin: async () => text });
    expect(code).toBe(0);
    expect(fromFile.out).toBe(out);
  });

  it('reports a text that is not JSON with its line and column, exit 1', async () => {
    const path = file('{\n  "datapoints": [,]\n}');
    const { code, err } = await run(['evaluate', path, '--discount', 'monte-carlo', '--samples', '500']);
    expect(code).toBe(1);
    expect(err).toMatch(/is not valid JSON: .* at line 2, column 18/);
  });
});
