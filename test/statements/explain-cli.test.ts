import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../cli/run-cli';
import example from '../../examples/biochar-project.json';

const EXAMPLE = fileURLToPath(new URL('../../examples/biochar-project.json', import.meta.url));
const BATCH_A = 'rmv_01JA0BATCHA000000000';

const tempFile = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'cdr-explain-')), 'graph.json');
  writeFileSync(file, content);
  return file;
};

/** The magnitude of a datapoint of the example, by the tail of its id. */
const m = (tail: string): number => {
  const found = example.datapoints.find((d) => d.id.startsWith(`dtp_01JA0${tail}`));
  if (found === undefined) throw new Error(tail);
  return found.quantity.magnitude;
};
const sd = (tail: string): number => example.datapoints.find((d) => d.id.startsWith(`dtp_01JA0${tail}`))!.quantity.standard_deviation ?? 0;

/** Batch A by hand, from the datapoints: t, km, %, kWh, l and mi converted here, nowhere else. */
function batchAByHand() {
  const CO2_PER_C = 44.009 / 12.011;
  const MI = 1.609344;
  const carbon = [m('CARBONA1'), m('CARBONA2'), m('CARBONA3')];
  const carbonMean = carbon.reduce((a, b) => a + b, 0) / 3 / 100;
  const charA = m('CHARMASSA'); // t
  const charB = m('CHARMASSB') / 1000; // kg -> t
  const truck = m('TRUCKFACTOR'); // kg per t km
  const fieldKm = m('FIELDDISTANCE') * MI;
  const components = {
    cmp_01JA0SEQUESTRATIONA0: charA * 1000 * carbonMean * CO2_PER_C * m('PERMANENCE'),
    cmp_01JA0FEEDTRANSPORTA0: m('FEEDMASSA') * m('FEEDDISTANCE') * truck,
    cmp_01JA0ELECTRICITYA000: m('ENERGYA') * m('GRIDFACTOR'),
    cmp_01JA0DIESELA0000000: m('DIESELA') * m('DIESELFACTOR'),
    cmp_01JA0FIELDTRANSPORT0: (charA + charB) * fieldKm * truck,
  };
  const net =
    components.cmp_01JA0SEQUESTRATIONA0 -
    components.cmp_01JA0FEEDTRANSPORTA0 -
    components.cmp_01JA0ELECTRICITYA000 -
    components.cmp_01JA0DIESELA0000000 -
    0.6 * components.cmp_01JA0FIELDTRANSPORT0;
  // Partial derivatives of the net, per unit as given (a reused datapoint: derivatives added).
  const c: Record<string, [number, number]> = {
    CHARMASSA: [1000 * carbonMean * CO2_PER_C * m('PERMANENCE') - 0.6 * fieldKm * truck, sd('CHARMASSA')],
    PERMANENCE: [charA * 1000 * carbonMean * CO2_PER_C, sd('PERMANENCE')],
    CARBONA1: [(charA * 1000 * CO2_PER_C * m('PERMANENCE')) / 300, sd('CARBONA1')],
    CARBONA2: [(charA * 1000 * CO2_PER_C * m('PERMANENCE')) / 300, sd('CARBONA2')],
    CARBONA3: [(charA * 1000 * CO2_PER_C * m('PERMANENCE')) / 300, sd('CARBONA3')],
    GRIDFACTOR: [-m('ENERGYA'), sd('GRIDFACTOR')],
    ENERGYA: [-m('GRIDFACTOR'), sd('ENERGYA')],
    TRUCKFACTOR: [-(m('FEEDMASSA') * m('FEEDDISTANCE') + 0.6 * (charA + charB) * fieldKm), sd('TRUCKFACTOR')],
    DIESELA: [-m('DIESELFACTOR'), sd('DIESELA')],
    FEEDDISTANCE: [-m('FEEDMASSA') * truck, sd('FEEDDISTANCE')],
    FEEDMASSA: [-m('FEEDDISTANCE') * truck, sd('FEEDMASSA')],
    FIELDDISTANCE: [-0.6 * (charA + charB) * MI * truck, sd('FIELDDISTANCE')],
    CHARMASSB: [(-0.6 * fieldKm * truck) / 1000, sd('CHARMASSB')],
    DIESELFACTOR: [-m('DIESELA'), 0],
  };
  const variance = Object.values(c).reduce((s, [ci, si]) => s + (ci * si) ** 2, 0);
  const standardDeviation = Math.sqrt(variance);
  const after = net - standardDeviation;
  const rounded = Math.round(after / 10) * 10; // positive: half up is away from zero
  const buffer = Math.ceil((rounded * 5) / 100);
  return { components, net, c, standardDeviation, after, rounded, buffer, supplier: rounded - buffer };
}

/** The cells of the Markdown table row whose first cell is `first`, within `section`. */
function rowOf(markdown: string, section: string, first: string): string[] {
  const start = markdown.indexOf(section);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = markdown.slice(start);
  const end = rest.indexOf('\n## ', 1);
  const body = end < 0 ? rest : rest.slice(0, end);
  const line = body.split('\n').find((l) => l.startsWith(`| ${first} |`));
  expect(line, `${first} in ${section}`).toBeDefined();
  return line!
    .split('|')
    .slice(1, -1)
    .map((x) => x.trim());
}

const close = (printed: string, expected: number) => {
  const value = Number(printed.replace(/\*/g, ''));
  expect(Number.isFinite(value), printed).toBe(true);
  expect(Math.abs(value - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-9);
};

describe('cdr-engine explain', () => {
  it('prints a report of the bundled example whose figures recompute by hand', async () => {
    const { code, out, err } = await run(['explain', EXAMPLE, BATCH_A]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.startsWith(`# Calculation report: GHG entry ${BATCH_A}`)).toBe(true);
    const hand = batchAByHand();

    // Section 1: datapoints as given and in SI.
    close(rowOf(out, '## 1.', 'dtp_01JA0FIELDDISTANCE00')[5]!, m('FIELDDISTANCE') * 1609.344);
    close(rowOf(out, '## 1.', 'dtp_01JA0CARBONA1000000')[5]!, m('CARBONA1') / 100);

    // Section 2: the formulas with the values substituted.
    expect(out).toContain('| {m} * mean({c}) | 12400 * mean([0.782, 0.801, 0.794]) |');
    expect(out).toContain('| sum({masses}) * {d} * {ef} | sum([12400, 9100]) * 99779.328 * 1.1e-7 |');

    // Section 3: every component's value and the signed sum.
    for (const [id, value] of Object.entries(hand.components)) close(rowOf(out, '## 3.', id)[2]!, value);
    close(rowOf(out, '## 3.', 'cmp_01JA0FIELDTRANSPORT0')[4]!, 0.6 * hand.components.cmp_01JA0FIELDTRANSPORT0);
    close(rowOf(out, '## 3.', '**net without discount**')[6]!, hand.net);

    // Section 4: each datapoint's sensitivity and contribution, then the standard deviation.
    for (const [tail, [ci, si]] of Object.entries(hand.c)) {
      const id = example.datapoints.find((d) => d.id.startsWith(`dtp_01JA0${tail}`))!.id;
      const cells = rowOf(out, '## 4.', id);
      close(cells[1]!, ci);
      close(cells[4]!, ci * si);
    }
    close(rowOf(out, '## 4.', 'dtp_01JA0CHARMASSA000000')[7]!, 2); // reused: mass and transport
    const sdText = /standard deviation: sqrt\([^)]*\) = ([-\d.e+]+) kg/.exec(out);
    close(sdText![1]!, hand.standardDeviation);

    // Sections 5 and 6: discount, rounding, allocation.
    const after = /net after discount [-\d.e+]+ - [-\d.e+]+ = ([-\d.e+]+) kg/.exec(out);
    close(after![1]!, hand.after);
    expect(out).toContain(`-> ${hand.rounded} kg.`);
    expect(out).toContain(`Issuable = max(0, ${hand.rounded}) = ${hand.rounded} kg.`);
    expect(out).toContain(`= ${hand.buffer} kg; supplier = ${hand.rounded} - ${hand.buffer} = ${hand.supplier} kg.`);
  });

  it('exit 1 with the problems on stderr for an unknown entry or an invalid graph', async () => {
    const unknown = await run(['explain', EXAMPLE, 'rmv_NOSUCHENTRY00000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toBe('');
    expect(unknown.err).toContain("no GHG entry 'rmv_NOSUCHENTRY00000000'");

    const broken = structuredClone(example);
    broken.components[0]!.blueprint_key = 'nowhere';
    const invalid = await run(['explain', tempFile(JSON.stringify(broken)), BATCH_A]);
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain('components[0].blueprint_key');
    expect(invalid.err).toContain('[unknown_blueprint]');

    const notJson = await run(['explain', tempFile('{ nope'), BATCH_A]);
    expect(notJson.code).toBe(1);
    expect(notJson.err).toContain('not valid JSON');
  });

  it('exit 2 for bad usage', async () => {
    for (const argv of [
      ['explain'],
      ['explain', EXAMPLE],
      ['explain', EXAMPLE, BATCH_A, 'extra'],
      ['explain', '--format', 'json', EXAMPLE],
    ]) {
      const { code, err, out } = await run(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err).toContain('usage: cdr-engine explain');
      expect(out).toBe('');
    }
    const missing = await run(['explain', join(tmpdir(), 'cdr-no-such-file.json'), BATCH_A]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
  });

  it('is listed in the general help, and its own help prints its usage', async () => {
    const general = await run(['--help']);
    expect(general.code).toBe(0);
    expect(general.out).toMatch(/cdr-engine explain +print the calculation report/);
    for (const argv of [
      ['explain', '--help'],
      ['help', 'explain'],
    ]) {
      const own = await run(argv);
      expect(own.code).toBe(0);
      expect(own.out).toContain('usage: cdr-engine explain <graph.json | -> <GHG entry id>');
    }
  });
});
