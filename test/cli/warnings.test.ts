// Warnings on stderr (docs/cli.md "Warnings"): evaluate, explain and report print them after the
// output and exit 0; --strict-warnings makes any warning exit 1; the output is the same.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from './run-cli';
import { evaluateGraph } from '../../src';
import example from '../../examples/biochar-project.json';

/** The bundled example with a risk of reversal of 0.02 (a fraction typed as a percentage?). */
function typoFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-'));
  const file = join(dir, 'typo.json');
  writeFileSync(
    file,
    JSON.stringify({ ...example, ghg_entries: example.ghg_entries.map((e) => ({ ...e, risk_of_reversal_percentage: 0.02 })) }),
  );
  return file;
}

const ENTRY = 'rmv_01JA0BATCHA000000000';

describe('warnings on the command line', () => {
  it('the bundled examples print no warning', async () => {
    for (const file of ['examples/biochar-project.json', 'examples/biochar-statement.json', 'examples/enhanced-weathering.json']) {
      for (const format of ['json', 'table', 'ndjson']) {
        const { code, err } = await run(['evaluate', file, '--format', format, '--strict-warnings']);
        expect(err, `${file} ${format}`).toBe('');
        expect(code).toBe(0);
      }
    }
  });

  it('evaluate prints each warning on stderr and exits 0; --strict-warnings exits 1 with the same output', async () => {
    const file = typoFile();
    const plain = await run(['evaluate', file]);
    expect(plain.code).toBe(0);
    const lines = plain.err.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^cdr-engine evaluate: warning: .*typo\.json: at ghg_entries\[0\]\.risk_of_reversal_percentage: .*did you mean 2 %\?.* \[risk_of_reversal_fraction_suspected\]$/,
    );
    const result = JSON.parse(plain.out);
    expect(result).toEqual(
      JSON.parse(
        JSON.stringify(
          evaluateGraph(
            JSON.parse(
              JSON.stringify({ ...example, ghg_entries: example.ghg_entries.map((e) => ({ ...e, risk_of_reversal_percentage: 0.02 })) }),
            ),
          ),
        ),
      ),
    );
    expect(result.warnings).toHaveLength(2);
    const strict = await run(['evaluate', file, '--strict-warnings']);
    expect(strict.code).toBe(1);
    expect(strict.out).toBe(plain.out);
    expect(strict.err).toContain('--strict-warnings');
    for (const format of ['table', 'ndjson']) {
      const other = await run(['evaluate', file, '--format', format, '--strict-warnings']);
      expect(other.code, format).toBe(1);
      expect(other.err).toContain('[risk_of_reversal_fraction_suspected]');
    }
  });

  it('explain shows the warnings first in its report and on stderr', async () => {
    const file = typoFile();
    const { code, out, err } = await run(['explain', file, ENTRY]);
    expect(code).toBe(0);
    expect(out.indexOf('## Warnings')).toBeGreaterThan(0);
    expect(out.indexOf('## Warnings')).toBeLessThan(out.indexOf('## 1. Datapoints'));
    expect(err).toContain('[risk_of_reversal_fraction_suspected]');
    expect((await run(['explain', file, ENTRY, '--strict-warnings'])).code).toBe(1);
    expect((await run(['explain', 'examples/biochar-project.json', ENTRY])).out).not.toContain('## Warnings');
  });

  it('report shows them first in the page and on stderr', async () => {
    const file = typoFile();
    const { code, out, err } = await run(['report', file, '--entry', ENTRY, '--strict-warnings']);
    expect(code).toBe(1);
    expect(err).toContain('[risk_of_reversal_fraction_suspected]');
    const warnings = out.indexOf('<section id="warnings">');
    expect(warnings).toBeGreaterThan(0);
    expect(warnings).toBeLessThan(out.indexOf('<section id="summary">'));
  }, 60_000);
});
