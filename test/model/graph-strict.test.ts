// Graph documents are strict (semantics.md section 2): a key the format does not define is refused
// with its path and the nearest known key, never read as an absent field; and every problem of a
// document comes out in one pass, shape problems and the checks of what is still readable together.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGraph, GraphValidationError, safeEvaluateGraph, type GraphIssue } from 'cdr-engine';
import { removalGraphSchema } from 'cdr-engine/schemas';
import { prepareGraphDocument } from '../../src/accounting/prepare/graph';
import { objectKeysAt } from '../../src/model/schema-walk';
import { editDistance } from '../../src/model/nearest-name';
import { formatIssuePath, type IssuePath } from '../../src/model/issues';
import { cmp, dtp, everyObjectGraph } from './every-object-graph';

type Loose = Record<string, unknown>;

/** Every object of a document with the keys its schema defines (the top level included). */
function objectsOf(value: unknown, path: IssuePath = [], out: { path: IssuePath; keys: readonly string[] }[] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => objectsOf(item, [...path, i], out));
  else if (typeof value === 'object' && value !== null) {
    out.push({ path, keys: objectKeysAt(removalGraphSchema, path) });
    for (const [key, child] of Object.entries(value)) objectsOf(child, [...path, key], out);
  }
  return out;
}

const OBJECTS = objectsOf(everyObjectGraph());
/** Every (object, key) pair: each key of each object kind, present in the document or not. */
const PAIRS = OBJECTS.flatMap(({ path, keys }) => keys.map((key) => ({ path, keys, key })));

type Edit = 'substitute' | 'delete' | 'insert' | 'transpose';
function misspell(key: string, edit: Edit, at: number, letter: string): string {
  const i = at % (key.length + (edit === 'insert' ? 1 : 0));
  switch (edit) {
    case 'substitute':
      return key.slice(0, i) + letter + key.slice(i + 1);
    case 'delete':
      return key.slice(0, i) + key.slice(i + 1);
    case 'insert':
      return key.slice(0, i) + letter + key.slice(i);
    case 'transpose':
      return i + 1 < key.length ? key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2) : key;
  }
}

function objectAt(document: unknown, path: IssuePath): Loose {
  return path.reduce<unknown>((node, part) => (node as Loose)[part], document) as Loose;
}

/** The document with `key` of the object at `path` written `wrong` (added when it was absent). */
function withMisspelling(path: IssuePath, key: string, wrong: string): unknown {
  const document = everyObjectGraph();
  const target = objectAt(document, path);
  const value = key in target ? target[key] : 'x';
  delete target[key];
  target[wrong] = value;
  return document;
}

/** Checks the refusal of one misspelled key; returns the key suggested. */
function expectRefused(document: unknown, path: IssuePath, wrong: string): string {
  const outcome = safeEvaluateGraph(document);
  expect(outcome.ok).toBe(false);
  // Never evaluated: no result, and evaluateGraph throws.
  expect('result' in outcome).toBe(false);
  expect(() => evaluateGraph(document)).toThrow(GraphValidationError);
  const issues: readonly GraphIssue[] = outcome.ok ? [] : outcome.issues;
  const issue = issues.find((i) => i.code === 'unrecognized_key' && JSON.stringify(i.path) === JSON.stringify([...path, wrong]));
  expect(issue, JSON.stringify(issues)).toBeDefined();
  const where = path.length === 0 ? 'the top of the document' : formatIssuePath(path);
  expect(issue!.message.startsWith(`unknown key '${wrong}' at ${where}; did you mean '`)).toBe(true);
  // The slow path (zod alone) reports the same.
  expect(prepareGraphDocument(document, undefined, false)).toEqual(prepareGraphDocument(document, undefined, true));
  return /did you mean '(.*)'\?$/.exec(issue!.message)![1]!;
}

/** The key suggested must be the misspelled one, unless another known key is as near. */
function expectSuggestion(suggested: string, key: string, wrong: string, keys: readonly string[]): void {
  const nearest = Math.min(...keys.map((k) => editDistance(wrong, k)));
  const tied = keys.filter((k) => editDistance(wrong, k) === nearest);
  if (tied.length === 1) expect(suggested).toBe(key);
  else expect(tied).toContain(suggested);
}

describe('a misspelled key anywhere in a graph document', () => {
  it('the document of the tests has every kind of object, and evaluates', () => {
    expect(safeEvaluateGraph(everyObjectGraph()).ok).toBe(true);
    const kinds = new Set(OBJECTS.map((o) => o.keys.join(',')));
    // top, blueprint, input, expression, expression input, datapoint, quantity, component,
    // component input, entry, attribution, statement, share, project, lifetime, project component,
    // manual attribution
    expect(kinds.size).toBe(17);
    expect(OBJECTS.every((o) => o.keys.length > 0)).toBe(true);
  });

  it('is refused with the key named and the right key suggested, and nothing is evaluated (property)', () => {
    const edits = fc.record({
      pair: fc.constantFrom(...PAIRS),
      edit: fc.constantFrom<Edit>('substitute', 'delete', 'insert', 'transpose'),
      at: fc.nat(40),
      letter: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'.split('')),
    });
    let checked = 0;
    fc.assert(
      fc.property(edits, ({ pair, edit, at, letter }) => {
        const wrong = misspell(pair.key, edit, at, letter);
        fc.pre(wrong !== pair.key && wrong.length > 0 && !pair.keys.includes(wrong));
        const suggested = expectRefused(withMisspelling(pair.path, pair.key, wrong), pair.path, wrong);
        expectSuggestion(suggested, pair.key, wrong, pair.keys);
        checked++;
      }),
      { seed: 1414, numRuns: 600 },
    );
    expect(checked).toBeGreaterThan(500);
  });

  it('is refused for every key of every object (each key once, exhaustively)', () => {
    expect(PAIRS.length).toBeGreaterThan(150);
    for (const { path, keys, key } of PAIRS) {
      // The first deletion that is not itself a known key (datapoint_ids -> datapoint_id is one).
      const wrong = [...key].map((_, i) => misspell(key, 'delete', i, '')).find((w) => w.length > 0 && !keys.includes(w)) ?? `${key}x`;
      const suggested = expectRefused(withMisspelling(path, key, wrong), path, wrong);
      expectSuggestion(suggested, key, wrong, keys);
    }
  });
});

describe('the misspellings of the issue, which used to change the credits silently', () => {
  const refusal = (document: unknown) => {
    const outcome = safeEvaluateGraph(document);
    return outcome.ok ? [] : outcome.issues.filter((i) => i.code === 'unrecognized_key').map((i) => [formatIssuePath(i.path), i.message]);
  };

  it('standard_devation on a quantity (dropped the uncertainty)', () => {
    const document = everyObjectGraph() as unknown as { datapoints: { quantity: Loose }[] };
    const quantity = document.datapoints[0]!.quantity;
    quantity['standard_devation'] = quantity['standard_deviation'];
    delete quantity['standard_deviation'];
    expect(refusal(document)).toEqual([
      [
        'datapoints[0].quantity.standard_devation',
        "unknown key 'standard_devation' at datapoints[0].quantity; did you mean 'standard_deviation'?",
      ],
    ]);
  });

  it('risk_of_reversal on an entry (skipped the buffer pool)', () => {
    const document = everyObjectGraph() as unknown as { ghg_entries: Loose[] };
    delete document.ghg_entries[0]!['risk_of_reversal_percentage'];
    document.ghg_entries[0]!['risk_of_reversal'] = 5;
    expect(refusal(document)).toEqual([
      ['ghg_entries[0].risk_of_reversal', "unknown key 'risk_of_reversal' at ghg_entries[0]; did you mean 'risk_of_reversal_percentage'?"],
    ]);
  });

  it('atribution_factor on an attribution (defaulted the factor to 1)', () => {
    const document = everyObjectGraph() as unknown as { ghg_entries: { component_attributions: Loose[] }[] };
    const attribution = document.ghg_entries[0]!.component_attributions[0]!;
    attribution['atribution_factor'] = 0.5;
    delete attribution['attribution_factor'];
    expect(refusal(document)).toEqual([
      [
        'ghg_entries[0].component_attributions[0].atribution_factor',
        "unknown key 'atribution_factor' at ghg_entries[0].component_attributions[0]; did you mean 'attribution_factor'?",
      ],
    ]);
  });

  it('expresions and units beside the real keys (ignored)', () => {
    const document = everyObjectGraph() as unknown as { component_blueprints: Loose[]; datapoints: { quantity: Loose }[] };
    document.component_blueprints[1]!['expresions'] = [];
    document.datapoints[2]!.quantity['units'] = 't';
    expect(refusal(document)).toEqual([
      ['component_blueprints[1].expresions', "unknown key 'expresions' at component_blueprints[1]; did you mean 'expressions'?"],
      ['datapoints[2].quantity.units', "unknown key 'units' at datapoints[2].quantity; did you mean 'unit'?"],
    ]);
  });

  it('a key far from every known one lists the known keys; $schema is allowed at the top only', () => {
    const document = everyObjectGraph() as unknown as Loose & { datapoints: Loose[] };
    document['notes'] = 'hello';
    document.datapoints[1]!['$schema'] = 'x';
    // zod reports nested objects before the object they are in.
    expect(refusal(document)).toEqual([
      ['datapoints[1].$schema', expect.stringContaining("unknown key '$schema' at datapoints[1]; the keys there are 'id', 'quantity'")],
      [
        'notes',
        "unknown key 'notes' at the top of the document; the keys there are '$schema', 'component_blueprints', 'datapoints', 'components', 'ghg_entries', 'ghg_statements', 'projects', 'correlations', 'sample_sets'",
      ],
    ]);
  });

  it('figures the service computes are refused on an entry and a statement', () => {
    const document = everyObjectGraph() as unknown as { ghg_entries: Loose[]; ghg_statements: Loose[] };
    document.ghg_entries[0]!['co2e_net_removed_kg'] = 1000;
    document.ghg_statements[0]!['pending_total_co2e_removed_kg'] = 1000;
    expect(refusal(document).map(([path]) => path)).toEqual([
      'ghg_entries[0].co2e_net_removed_kg',
      'ghg_statements[0].pending_total_co2e_removed_kg',
    ]);
  });
});

describe('every problem of a document in one pass', () => {
  const problems = (document: unknown) => {
    const outcome = safeEvaluateGraph(document);
    return outcome.ok ? [] : outcome.issues.map((i) => `${formatIssuePath(i.path)} ${i.code}`);
  };

  it('shape problems and the checks of the readable items together', () => {
    const document = everyObjectGraph() as unknown as { datapoints: { quantity: Loose }[]; components: Loose[]; ghg_entries: Loose[] };
    document.datapoints[2]!.quantity['magnitude'] = 'ten'; // shape: that datapoint is unreadable
    document.datapoints[3]!.quantity['unit'] = 'banana'; // unit
    document.components[2]!['blueprint_key'] = 'nowhere'; // reference
    document.ghg_entries[0]!['risk_of_reversal'] = 5; // unknown key: the entry is still checked
    (document.ghg_entries[0]!['component_attributions'] as Loose[])[0]!['component_id'] = cmp('nobody'); // reference in that entry
    expect(problems(document)).toEqual([
      'datapoints[2].quantity.magnitude invalid_type',
      'ghg_entries[0].risk_of_reversal unrecognized_key',
      'datapoints[3].quantity.unit unknown_unit',
      'components[2].blueprint_key unknown_blueprint',
      'ghg_entries[0].component_attributions[0].component_id unknown_component',
    ]);
  });

  it('an item with an unknown key is checked in full', () => {
    const document = everyObjectGraph() as unknown as { datapoints: { quantity: Loose }[] };
    const quantity = document.datapoints[0]!.quantity;
    quantity['unit'] = 'kWh'; // an energy where a mass is expected
    quantity['standard_devation'] = 0.5;
    delete quantity['standard_deviation'];
    expect(problems(document)).toEqual([
      'datapoints[0].quantity.standard_devation unrecognized_key',
      'components[0].inputs[0].datapoint_ids[0] unit_incompatible',
    ]);
  });

  it('references to an unreadable item are not reported again', () => {
    const document = everyObjectGraph() as unknown as { datapoints: Loose[]; components: Loose[]; component_blueprints: Loose[] };
    document.datapoints[0]!['quantity'] = 10; // unreadable datapoint, used by components[0]
    document.components[1]!['inputs'] = 'none'; // unreadable component, attributed by the entry
    document.component_blueprints[0]!['type'] = 'STORAGE'; // unreadable blueprint, used by components[0]
    expect(problems(document)).toEqual([
      'component_blueprints[0].type invalid_value',
      'datapoints[0].quantity invalid_type',
      'components[1].inputs invalid_type',
    ]);
  });

  it('a collection that is not an array: its own problem, and no reference into it', () => {
    const document = everyObjectGraph() as unknown as Loose & { components: Loose[] };
    document['datapoints'] = { [dtp('mass')]: {} };
    document.components[0]!['blueprint_key'] = 'nowhere';
    expect(problems(document)).toEqual(['datapoints invalid_type', 'components[0].blueprint_key unknown_blueprint']);
  });

  it('a statement listing an entry whose id is unusable, and a document that is not an object', () => {
    const document = everyObjectGraph() as unknown as { ghg_entries: Loose[] };
    document.ghg_entries[0]!['id'] = 7;
    // The entry's id is no id: what names it by the id it was meant to have is reported too.
    expect(problems(document)).toEqual([
      'ghg_entries[0].id invalid_type',
      'ghg_statements[0].removal_ids[0] unknown_entry',
      'projects[0].components[1].removal_attributions[0] unknown_entry',
    ]);
    expect(problems([])).toEqual(['(document) invalid_type']);
    expect(problems(null)).toEqual(['(document) invalid_type']);
  });
});

describe("the empty unit (Pint's dimensionless)", () => {
  it('is a compatible unit of a dimensionless input and a datapoint unit, and evaluates like "dimensionless"', () => {
    const graph = (unit: string) => ({
      component_blueprints: [
        {
          key: 'stored',
          type: 'SEQUESTRATION',
          inputs: [
            { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't' },
            { input_key: 'share', quantity_kind: 'dimensionless_ratio', compatible_unit: unit },
          ],
          expressions: [
            {
              key: 'co2e',
              template: '{m} * {s}',
              inputs: [
                { template_key: 'm', input_key: 'mass', type: 'DATAPOINT' },
                { template_key: 's', input_key: 'share', type: 'DATAPOINT' },
              ],
            },
          ],
        },
      ],
      datapoints: [
        { id: 'dtp_mass', quantity: { magnitude: 2, unit: 't', standard_deviation: 0.1 } },
        { id: 'dtp_share', quantity: { magnitude: 0.8, unit, standard_deviation: 0.05 } },
      ],
      components: [
        {
          id: 'cmp_a',
          blueprint_key: 'stored',
          inputs: [
            { input_key: 'mass', datapoint_ids: ['dtp_mass'] },
            { input_key: 'share', datapoint_ids: ['dtp_share'] },
          ],
        },
      ],
      ghg_entries: [{ id: 'rmv_a', component_attributions: [{ component_id: 'cmp_a' }] }],
    });
    // The same figures; budget lines name each datapoint's unit as given.
    const asDimensionless = JSON.stringify(evaluateGraph(graph(''))).replaceAll('"unit":""', '"unit":"dimensionless"');
    expect(JSON.parse(asDimensionless)).toEqual(JSON.parse(JSON.stringify(evaluateGraph(graph('dimensionless')))));
    const massAsEmpty = safeEvaluateGraph({
      ...graph(''),
      datapoints: [{ id: 'dtp_mass', quantity: { magnitude: 2, unit: '', standard_deviation: 0.1 } }, graph('').datapoints[1]],
    });
    expect(massAsEmpty.ok).toBe(false);
    if (!massAsEmpty.ok) expect(massAsEmpty.issues.map((i) => i.message).join('\n')).toMatch(/''.*mass/);
  });
});
