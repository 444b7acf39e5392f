// `cdr-engine check`: exit 0 on the bundled methodologies, exit 1 with a counterexample that
// `cdr-engine explain` opens for each planted fault, the same report for the same seed, and the
// usage errors.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/cli/check';
import { runCli as run } from '../cli/run-cli';
import type { FailedVerdict, MethodologyReport } from 'cdr-engine/testing';

const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-check-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const EXAMPLES = [
  'examples/biochar-project.json',
  'examples/biochar.methodology.json',
  'examples/enhanced-weathering.json',
  'examples/enhanced-weathering.methodology.json',
  'examples/dac-storage.methodology.json',
];

describe('cdr-engine check on the bundled methodologies', () => {
  for (const path of EXAMPLES) {
    it(`exits 0 on ${path}`, async () => {
      const { code, out, err } = await run(['check', path, '--runs', '8']);
      expect(err).toBe('');
      expect(code).toBe(0);
      expect(out).toMatch(/^cdr-engine check .*: seed 1, 8 cases per property\n/);
      expect(out).toMatch(/[46] blueprint\(s\): \d+ passed, 0 failed, 0 not run: every property holds/);
      expect(out).toContain('  passed  unit_invariance (8 cases)');
    });
  }

  it('lists the declared monotonicities of a methodology file under their blueprints', async () => {
    const { out } = await run(['check', 'examples/enhanced-weathering.methodology.json', '--runs', '5']);
    expect(out).toMatch(/spreading \(ACTIVITY\)\n(.*\n)*? {2}passed {2}monotonicity\(diesel_volume, decreasing\)/);
    expect(out).toMatch(/rock_weathering \(SEQUESTRATION\)\n(.*\n)*? {2}passed {2}monotonicity\(rock_mass, increasing\)/);
  });
});

describe('cdr-engine check on planted faults', () => {
  const cases = [
    ['sign-error', 'sign_conventions', /LOSS\) raises the net of entry rmv_1/],
    ['hidden-constant', 'dimensional_robustness', /cannot subtract mass and dimensionless in "\{m\} - 50"/],
    ['non-monotone', 'monotonicity(rock_mass, increasing)', /raising dtp_\d+ \(input 'rock_mass'\) from .* lowers the net of entry rmv_\d/],
    ['poor-linearisation', 'linearisation', /standard deviations away, more than the tolerance 0.1; .*input 'tracer_recovery'/],
  ] as const;

  for (const [name, property, message] of cases) {
    it(`${name}: reports ${property} with a counterexample that explain opens, and exits 1`, async () => {
      const path = `examples/faults/${name}.methodology.json`;
      const text = await run(['check', path, '--runs', '40']);
      expect(text.code).toBe(1);
      expect(text.out).toContain(`  FAILED  ${property}: after `);
      expect(text.out).toMatch(message);
      expect(text.out).toContain('counterexample (save it with --save DIR, or run: cdr-engine explain <file> rmv_1):');

      const json = await run(['check', path, '--runs', '40', '--format', 'json']);
      expect(json.code).toBe(1);
      const report = JSON.parse(json.out) as MethodologyReport;
      expect(report.ok).toBe(false);
      const failure = report.blueprints.flatMap((b) => b.verdicts).find((v) => v.property === property) as FailedVerdict;
      expect(failure.ok).toBe(false);
      const counterexample = file(`${name}.counterexample.json`, failure.counterexample);
      const explained = await run(['explain', counterexample, 'rmv_1']);
      if (name === 'hidden-constant') {
        // The document is the smallest one using the blueprint; explain shows why it is refused.
        expect(explained.code).toBe(1);
        expect(explained.err).toMatch(/cannot subtract mass and dimensionless/);
      } else {
        expect(explained.err).toBe('');
        expect(explained.code).toBe(0);
        expect(explained.out).toContain('rmv_1');
      }
    });
  }

  it('gives the same report for the same seed, and another run for another seed', async () => {
    const path = 'examples/faults/non-monotone.methodology.json';
    const a = await run(['check', path, '--runs', '30', '--seed', '7', '--format', 'json']);
    const b = await run(['check', path, '--runs', '30', '--seed', '7', '--format', 'json']);
    const c = await run(['check', path, '--runs', '30', '--seed', '8', '--format', 'json']);
    expect(a.out).toBe(b.out);
    expect(JSON.parse(a.out).seed).toBe(7);
    expect(c.out).not.toBe(a.out);
  });
});

describe('cdr-engine check: bad input and bad usage', () => {
  it('exits 1 with the problems of an invalid methodology document, nearest names included', async () => {
    const methodology = {
      component_blueprints: [
        {
          key: 'spreading',
          type: 'ACTIVITY',
          inputs: [{ input_key: 'diesel_volume', quantity_kind: 'volume', compatible_unit: 'L', data_shape: 'SCALAR' }],
          expressions: [
            { key: 'co2e', template: '{v} * 2.68', inputs: [{ template_key: 'v', input_key: 'diesel_volume', type: 'DATAPOINT' }] },
          ],
        },
      ],
      checks: {
        monotonicty: [],
        monotonicity: [
          { input: 'diesel_volum', direction: 'decreasing' },
          { input: 'diesel_volume', direction: 'down' },
        ],
        input_ranges: [{ input: 'diesel_volume', magnitude: { min: 1, max: 10, unit: 'kg' } }],
      },
    };
    const { code, err } = await run(['check', file('bad.json', methodology)]);
    expect(code).toBe(1);
    expect(err).toContain("unknown key 'monotonicty' at checks; did you mean 'monotonicity'?");
    expect(err).toMatch(/invalid_enum_value|invalid_value/);
  });

  it('refuses declarations naming inputs, blueprints or units the library does not have', async () => {
    const library = JSON.parse(JSON.stringify((await import('../../examples/enhanced-weathering.methodology.json')).default));
    library.checks = {
      monotonicity: [
        { input: 'diesel_volum', direction: 'decreasing' },
        { blueprint: 'spreding', input: 'diesel_volume', direction: 'decreasing' },
      ],
      input_ranges: [{ input: 'rock_mass', magnitude: { min: 1, max: 10, unit: 'kWh' } }],
      tolerances: { linearization: 0.2 },
    };
    const { code, err } = await run(['check', file('refs.json', library)]);
    expect(code).toBe(1);
    expect(err).toContain("no blueprint of the library has input 'diesel_volum'; did you mean 'diesel_volume'?");
    expect(err).toContain("blueprint 'spreding' is not in the library; did you mean 'spreading'?");
    expect(err).toContain("'kWh' is not a unit of quantity kind 'mass'");
    expect(err).toContain("unknown key 'linearization' at checks.tolerances; did you mean 'linearisation'?");
  });

  it('exits 2 on bad usage and unreadable files, 1 on a file that is not JSON', async () => {
    expect((await run(['check'])).code).toBe(2);
    expect((await run(['check', 'a.json', 'b.json'])).code).toBe(2);
    expect((await run(['check', 'examples/biochar.methodology.json', '--runs', '0'])).err).toContain(
      "--runs must be an integer from 1 to 10000000, got '0'",
    );
    expect((await run(['check', 'examples/biochar.methodology.json', '--runs', '2.5'])).code).toBe(2);
    expect((await run(['check', 'examples/biochar.methodology.json', '--format', 'xml'])).code).toBe(2);
    expect((await run(['check', 'examples/biochar.methodology.json', '--wat'])).code).toBe(2);
    expect((await run(['check', join(dir, 'missing.json')])).code).toBe(2);
    expect((await run(['check', file('broken.json', '{ nope')])).code).toBe(1);
    const help = await run(['check', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: cdr-engine check <methodology.json \| -> \[--runs N\] \[--seed S\] \[--format text\|json\]/);
  });
});

describe('cdr-engine check: counterexamples saved and printed once', () => {
  it('--save DIR writes each counterexample as a graph document that explain opens', async () => {
    const out = join(dir, 'saved', 'deeper');
    const text = await run(['check', 'examples/faults/bound-exceeded.methodology.json', '--runs', '20', '--save', out]);
    expect(text.code).toBe(1);
    const saved = join(out, 'rock_weathering.bound_value_rock_mass_cdr_potential.json');
    expect(text.out).toContain(`counterexample saved to ${saved} (cdr-engine explain ${saved} rmv_1)`);
    expect(text.out).not.toContain('"component_blueprints"');
    const explained = await run(['explain', saved, 'rmv_1']);
    expect(explained.code).toBe(0);
    const unwritable = file('a-file', 'x');
    const refused = await run([
      'check',
      'examples/faults/bound-exceeded.methodology.json',
      '--runs',
      '5',
      '--save',
      join(unwritable, 'sub'),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/cannot save the counterexamples in '.*a-file.sub'/);
  });

  it('prints a counterexample shown by two properties once, naming the first', () => {
    const counterexample = {
      component_blueprints: [],
      datapoints: [],
      components: [],
      ghg_entries: [{ id: 'rmv_1', risk_of_reversal_percentage: null, component_attributions: [] }],
    };
    const failed = (property: string): FailedVerdict => ({
      ok: false,
      property,
      message: 'wrong',
      counterexample,
      runs: 1,
      shrinks: 0,
      seed: 1,
      path: '0',
    });
    const blueprint = {
      blueprint: 'b',
      type: 'LOSS',
      verdicts: [failed('unit_invariance'), failed('permutation_invariance')],
      not_run: [],
      not_exercised: [],
      undeclared_inputs: [],
      warnings: [],
    };
    const text = formatReport('m.json', { ok: false, seed: 1, num_runs: 1, blueprints: [blueprint], entries: [] });
    expect(text.match(/"ghg_entries"/g)?.length).toBe(1);
    expect(text).toContain('counterexample: the same as for unit_invariance above');
  });
});
