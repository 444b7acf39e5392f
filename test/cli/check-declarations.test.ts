// `cdr-engine check` on declarations that cannot be checked (docs/testing.md, "The methodology
// document"; docs/cli.md, `check`): ranges outside the physical bounds of their kind or not finite
// in SI, worked examples with impossible inputs, list lengths out of order or too long, and a
// misspelled `checks` are each refused with exit 1 and an issue naming the path, never a stack
// trace (exit 70) or a FAILED verdict that is the declaration's own fault. `--save` at a file says so.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BlueprintDefinition, MAX_LIST_LENGTH } from '../../src/testing/arbitraries/component';
import { runCli as run } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-check-declarations-'));
const DAC = JSON.parse(readFileSync('examples/dac-storage.methodology.json', 'utf8')) as {
  checks: Record<string, unknown> & {
    input_ranges: { magnitude?: unknown }[];
    examples: { inputs: Record<string, unknown>; expected: unknown }[];
  };
};

/** The DAC methodology with `change` applied to a copy, written to a file. */
function dacWith(name: string, change: (m: typeof DAC) => void): string {
  const copy = structuredClone(DAC);
  change(copy);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(copy));
  return path;
}

/** Runs check and expects exit 1 with the problems (no stack trace, nothing on stdout). */
async function refused(path: string): Promise<string> {
  const { code, out, err } = await run(['check', path, '--runs', '5']);
  expect(out).toBe('');
  expect(err).not.toMatch(/RangeError|\n\s+at /);
  expect(code).toBe(1);
  return err;
}

describe('check refuses ranges no quantity of the kind can take', () => {
  it('a mass range below 0 t: exit 1 naming the path, the bound and why', async () => {
    const err = await refused(dacWith('negative.json', (m) => (m.checks.input_ranges[0]!.magnitude = { min: -900, max: -100, unit: 't' })));
    // Three blueprints read injected_mass: each is named.
    expect(err).toContain(
      "  checks.input_ranges[0].magnitude: range of input 'injected_mass' of blueprint 'co2_stored': -900 t is below the physical bound 0 t of quantity kind 'mass' (an amount of matter cannot be negative) [value_out_of_physical_range]\n",
    );
    expect(err).toMatch(/^cdr-engine check: 3 problem\(s\) in /);
  });

  it('a mass fraction up to 150 %: exit 1, the bound in the range unit', async () => {
    const err = await refused(dacWith('percent.json', (m) => (m.checks.input_ranges[1]!.magnitude = { min: 90, max: 150, unit: '%' })));
    expect(err).toContain(
      "  checks.input_ranges[1].magnitude: range of input 'co2_purity' of blueprint 'co2_stored': 150 % is above the physical bound 100 % of quantity kind 'mass_fraction'",
    );
    expect(err).toContain('[value_out_of_physical_range]');
  });

  it('a range up to 1e308 t (Infinity in kg) is refused, not reported as a failed unit invariance', async () => {
    const err = await refused(dacWith('huge.json', (m) => (m.checks.input_ranges[0]!.magnitude = { min: 1, max: 1e308, unit: 't' })));
    expect(err).toContain(
      "  checks.input_ranges[0].magnitude: range of input 'injected_mass' of blueprint 'co2_stored': 1e+308 t is Infinity in SI: not a number the engine can compute with [invalid_range]\n",
    );
    expect(err).not.toContain('FAILED');
  });

  it('a range finite in SI but Infinity in a unit the graphs are written in is refused', async () => {
    const err = await refused(dacWith('wide.json', (m) => (m.checks.input_ranges[0]!.magnitude = { min: 1, max: 1e300, unit: 'kg' })));
    expect(err).toMatch(/range of input 'injected_mass' of blueprint 'co2_stored': 1e\+300 kg is Infinity in '[^']+', one of the units/);
    expect(err).toContain('[invalid_range]');
  });
});

describe('check refuses list lengths it cannot generate', () => {
  it('min above max: exit 1 at checks.graphs.list_length', async () => {
    const err = await refused(dacWith('order.json', (m) => (m.checks.graphs = { list_length: { min: 5, max: 1 } })));
    expect(err).toContain('  checks.graphs.list_length: list_length: min 5 is above max 1 [invalid_range]\n');
  });

  it(`max above ${MAX_LIST_LENGTH}: exit 1 at once, before any list is drawn`, async () => {
    const started = performance.now();
    const err = await refused(
      dacWith('long.json', (m) => (m.checks.graphs = { list_length: { min: MAX_LIST_LENGTH + 1, max: MAX_LIST_LENGTH + 1 } })),
    );
    expect(err).toContain(
      `  checks.graphs.list_length.max: list_length: max 1001 is above 1000, the longest list a generated graph holds (every case draws and evaluates each item) [invalid_range]\n`,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('check refuses worked examples with impossible inputs', () => {
  it('an input of -1 t and one of 150 %: exit 1 naming each, not FAILED example(1)', async () => {
    const err = await refused(
      dacWith('examples.json', (m) => {
        const example = m.checks.examples[0]!;
        example.inputs['injected_mass'] = { magnitude: -1, unit: 't' };
        example.inputs['well_retention'] = [
          { magnitude: 99, unit: '%' },
          { magnitude: 150, unit: '%' },
        ];
      }),
    );
    expect(err).toContain(
      "  checks.examples[0].inputs.injected_mass.magnitude: input 'injected_mass' of blueprint 'co2_stored': -1 t is below the physical bound 0 t of quantity kind 'mass' (an amount of matter cannot be negative) [value_out_of_physical_range]\n",
    );
    expect(err).toContain(
      "  checks.examples[0].inputs.well_retention[1].magnitude: input 'well_retention' of blueprint 'co2_stored': 150 % is above the physical bound 100 % of quantity kind 'mass_fraction'",
    );
    expect(err).toMatch(/^cdr-engine check: 2 problem\(s\) in /);
  });

  it('an input not finite in SI is invalid_value', async () => {
    const err = await refused(
      dacWith('infinite-input.json', (m) => (m.checks.examples[0]!.inputs['injected_mass'] = { magnitude: 1e308, unit: 't' })),
    );
    expect(err).toContain(
      "  checks.examples[0].inputs.injected_mass.magnitude: input 'injected_mass' of blueprint 'co2_stored': 1e+308 t is Infinity in SI: not a number the engine can compute with [invalid_value]\n",
    );
  });

  it('an expected value that is not finite in SI is refused; a negative one is a value like any', async () => {
    const err = await refused(dacWith('expected.json', (m) => (m.checks.examples[0]!.expected = { magnitude: 1e308, unit: 'tCO2e' })));
    expect(err).toContain(
      '  checks.examples[0].expected.magnitude: the expected value: 1e+308 tCO2e is Infinity in SI: not a number the engine can compute with [invalid_value]\n',
    );
    // The bundled example expects -5 tCO2e of the meter drift (an ADJUSTMENT that lowers the net).
    const { code } = await run(['check', 'examples/dac-storage.methodology.json', '--runs', '2']);
    expect(code).toBe(0);
  });
});

describe('check: a misspelled checks, and --save at a file', () => {
  it('chekcs is one unrecognized_key issue with the nearest name', async () => {
    const err = await refused(
      dacWith('typo.json', (m) => {
        (m as Record<string, unknown>)['chekcs'] = m.checks;
        delete (m as Record<string, unknown>)['checks'];
      }),
    );
    expect(err).toMatch(
      /^cdr-engine check: 1 problem\(s\) in .*\n {2}chekcs: unknown key 'chekcs' at the top of the methodology document; did you mean 'checks'\? \[unrecognized_key\]\n$/,
    );
  });

  it('a graph document with correlations and sample sets is a methodology document (no unknown key)', async () => {
    const path = join(dir, 'graph-keys.json');
    const { component_blueprints } = DAC as unknown as { component_blueprints: unknown };
    writeFileSync(
      path,
      JSON.stringify({ component_blueprints, datapoints: [], components: [], ghg_entries: [], correlations: [], sample_sets: [] }),
    );
    const { code, err } = await run(['check', path, '--runs', '2']);
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('--save naming an existing file: exit 2 with a sentence, not a raw EEXIST', async () => {
    const file = join(dir, 'a-file.txt');
    writeFileSync(file, 'x');
    const { code, err } = await run(['check', 'examples/faults/bound-exceeded.methodology.json', '--runs', '5', '--save', file]);
    expect(code).toBe(2);
    expect(err).toBe(
      `cdr-engine check: cannot save the counterexamples in '${file}': it is a file, not a folder (name a folder, or one to create)\n`,
    );
  });
});

describe('graphOf and componentOf: the longest list', () => {
  it(`refuse listLength.max above ${MAX_LIST_LENGTH} with a RangeError, before drawing`, async () => {
    const { componentOf, graphOf } = await import('../../src/testing');
    const blueprint: BlueprintDefinition = {
      key: 'b',
      type: 'SEQUESTRATION',
      inputs: [{ input_key: 'm', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'LIST' }],
      expressions: [
        { key: 'v', template: 'sum({m})', inputs: [{ template_key: 'm', input_key: 'm', type: 'DATAPOINT', data_shape: 'LIST' }] },
      ],
    };
    expect(() => graphOf([blueprint], { listLength: { min: 1, max: 1001 } })).toThrow(
      'graphOf listLength: expected integers 1 <= min <= max <= 1000, got min=1, max=1001',
    );
    expect(() => componentOf(blueprint, { listLength: { min: 1e9, max: 1e9 } })).toThrow(RangeError);
    expect(() => graphOf([blueprint], { listLength: { min: 1000, max: 1000 } })).not.toThrow();
  });
});
