import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from './run-cli';

const EXAMPLE = 'examples/biochar-project.json';

describe('cdr-engine report', () => {
  it('writes the entry report to --out, or to standard output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-report-'));
    const file = join(dir, 'a.html');
    const written = await run(['report', EXAMPLE, '--entry', 'rmv_01JA0BATCHA000000000', '--monte-carlo', '500', '--out', file]);
    expect(written).toMatchObject({ code: 0, out: '' });
    expect(written.err).toMatch(/^cdr-engine report: wrote .*a\.html \(\d+ KiB\)\n$/);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('data-chart="monte-carlo"');
    const printed = await run(['report', EXAMPLE, '--entry', 'rmv_01JA0BATCHB000000000']);
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/^<!doctype html>[\s\S]*rmv_01JA0BATCHB000000000[\s\S]*<\/html>\n$/);
    expect(printed.out).not.toContain('data-chart="monte-carlo"');
  });

  it('exits 2 on bad usage, naming the problem', async () => {
    for (const [argv, message] of [
      [['report'], 'expected one graph file, got 0'],
      [['report', EXAMPLE, '--entry', 'a', '--statement', 'b'], 'name --entry or --statement, not both'],
      [
        ['report', EXAMPLE, '--monte-carlo', 'many'],
        "--monte-carlo must be a number of samples, an integer from 2 to 10000000, got 'many'",
      ],
      [['report', EXAMPLE, '--monte-carlo', '1'], "--monte-carlo must be a number of samples, an integer from 2 to 10000000, got '1'"],
      [['report', EXAMPLE, '--colour', 'red'], "unknown option '--colour'"],
    ] as const) {
      const { code, err } = await run([...argv]);
      expect(code).toBe(2);
      expect(err).toContain(message);
      expect(err).toContain('usage: cdr-engine report');
    }
    expect((await run(['report', 'no-such-file.json'])).code).toBe(2);
    expect((await run(['report', EXAMPLE, '--entry', 'rmv_01JA0BATCHA000000000', '--out', '/no/such/dir/a.html'])).err).toContain(
      "cannot write '/no/such/dir/a.html': the folder '/no/such/dir' does not exist",
    );
  });

  it('exits 1 for an unknown entry or a document of several entries without one named', async () => {
    const unknown = await run(['report', EXAMPLE, '--entry', 'rmv_nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("the document has no GHG entry 'rmv_nope'");
    const none = await run(['report', EXAMPLE]);
    expect(none.code).toBe(1);
    expect(none.err).toContain('name one with --entry ID (or a statement with --statement ID)');
    const file = join(mkdtempSync(join(tmpdir(), 'cdr-engine-report-')), 'bad.json');
    writeFileSync(file, '{"component_blueprints": []}');
    expect((await run(['report', file])).code).toBe(1);
  });

  it('prints its usage with --help', async () => {
    const { code, out } = await run(['report', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('usage: cdr-engine report <graph.json | -> [--entry ID | --statement ID] [--out report.html] [--monte-carlo N]');
  });
});
