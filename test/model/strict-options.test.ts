// Options are strict (docs/policies.md): every public function that takes options refuses an unknown
// key at any depth, naming its path and the nearest known key, and a value of the wrong type or
// range, before it reads the document or evaluates anything.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseSensitivity,
  evaluateGraph,
  evaluatePreparedGraph,
  explainGhgEntry,
  prepareGraph,
  safeEvaluateGraph,
  type GraphIssue,
} from 'cdr-engine';
import { compileBlueprint } from 'cdr-engine/expressions';
import { createLedger } from 'cdr-engine/registry';
import { renderHtmlReport } from 'cdr-engine/report';
import { createSandbox } from 'cdr-engine/sandbox';
import { checkDimensionalRobustness, checkLinearisation, checkMethodology, checkSignConventions, graphOf } from 'cdr-engine/testing';
import example from 'cdr-engine/examples/biochar-project.json' with { type: 'json' };
import { ACCOUNTING_POLICY_CHECKS } from '../../src/accounting/policies';
import { EVALUATE_OPTION_CHECKS } from '../../src/accounting/evaluate/evaluate';
import { COMPILE_OPTION_CHECKS } from '../../src/expressions/blueprint-types';
import { SENSITIVITY_OPTION_CHECKS } from '../../src/accounting/sensitivity';
import { SANDBOX_OPTION_CHECKS } from '../../src/adapter/types';
import { editDistance } from '../../src/model/nearest-name';
import { objectKeysAt, schemaAt } from '../../src/model/schema-walk';
import { optionIssues, type OptionCheck, type ShapeCheck } from '../../src/model/strict-options';
import { LEDGER_OPTION_CHECKS } from '../../src/registry/ledger';
import { HTML_REPORT_OPTION_CHECKS } from '../../src/report/render';
import { GRAPH_OPTION_CHECKS } from '../../src/testing/arbitraries/options';
import { METHODOLOGY_CHECK_OPTION_CHECKS } from '../../src/testing/declarations/check-methodology';
import { DIMENSIONAL_OPTION_CHECKS, LINEARISATION_OPTION_CHECKS } from '../../src/testing/properties/options';
import { GRAPH_CHECK_OPTION_CHECKS } from '../../src/testing/verdicts/options';
import { BIOCHAR } from '../testing/helpers';

/** A document that counts how often it is read: options must be refused before any read. */
function watchedDocument(): { readonly document: object; readonly reads: () => number } {
  let reads = 0;
  const document = new Proxy(structuredClone(example) as object, {
    get(target, key, receiver) {
      reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys(target) {
      reads += 1;
      return Reflect.ownKeys(target);
    },
  });
  return { document, reads: () => reads };
}

/** What a call answered: the problems' messages, and whether it read the document or evaluated. */
interface Refusal {
  readonly messages: readonly string[];
  readonly worked: boolean;
}

const messagesOf = (outcome: { readonly ok: boolean; readonly issues?: readonly GraphIssue[] }): string[] =>
  outcome.ok ? [] : (outcome.issues ?? []).map((i) => i.message);

function thrown(call: () => unknown): string[] {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return [(error as TypeError).message];
  }
  return [];
}

/** A check's evaluator that records whether it was called. */
function spyEvaluator(): { readonly evaluate: typeof evaluateGraph; readonly called: () => boolean } {
  let called = false;
  return {
    evaluate: (graph, options) => {
      called = true;
      return evaluateGraph(graph, options);
    },
    called: () => called,
  };
}

const prepared = (() => {
  const outcome = prepareGraph(example);
  if (!outcome.ok) throw new Error('the bundled example does not prepare');
  return outcome.prepared;
})();

/** Each function that takes options: its table, and a call that refuses the options given. */
const TARGETS: readonly {
  readonly name: string;
  readonly check: ShapeCheck;
  readonly refuse: (options: Record<string, unknown>) => Refusal | Promise<Refusal>;
}[] = [
  {
    name: 'evaluateGraph',
    check: EVALUATE_OPTION_CHECKS,
    refuse: (options) => {
      const doc = watchedDocument();
      return { messages: thrown(() => evaluateGraph(doc.document, options)), worked: doc.reads() > 0 };
    },
  },
  {
    name: 'safeEvaluateGraph',
    check: EVALUATE_OPTION_CHECKS,
    refuse: (options) => {
      const doc = watchedDocument();
      return { messages: messagesOf(safeEvaluateGraph(doc.document, options)), worked: doc.reads() > 0 };
    },
  },
  {
    name: 'prepareGraph (its policies)',
    check: ACCOUNTING_POLICY_CHECKS,
    refuse: (policies) => {
      const doc = watchedDocument();
      return {
        messages: messagesOf(prepareGraph(doc.document, policies)).map((m) => m.replace("option 'policies.", "option '")),
        worked: doc.reads() > 0,
      };
    },
  },
  {
    name: 'evaluatePreparedGraph',
    check: EVALUATE_OPTION_CHECKS,
    refuse: (options) => ({ messages: messagesOf(evaluatePreparedGraph(prepared, options)), worked: false }),
  },
  {
    name: 'analyseSensitivity',
    check: SENSITIVITY_OPTION_CHECKS,
    refuse: (options) => {
      const doc = watchedDocument();
      return { messages: messagesOf(analyseSensitivity(doc.document, options)), worked: doc.reads() > 0 };
    },
  },
  {
    name: 'renderHtmlReport',
    check: HTML_REPORT_OPTION_CHECKS,
    refuse: async (options) => {
      const doc = watchedDocument();
      return { messages: messagesOf(await renderHtmlReport(doc.document, options)), worked: doc.reads() > 0 };
    },
  },
  {
    name: 'createSandbox',
    check: SANDBOX_OPTION_CHECKS,
    refuse: (options) => ({ messages: thrown(() => createSandbox(options)), worked: false }),
  },
  {
    name: 'createLedger',
    check: LEDGER_OPTION_CHECKS,
    refuse: (options) => ({ messages: thrown(() => createLedger(options)), worked: false }),
  },
  {
    name: 'graphOf',
    check: GRAPH_OPTION_CHECKS,
    refuse: (options) => ({ messages: thrown(() => graphOf(BIOCHAR.component_blueprints, options)), worked: false }),
  },
  ...(
    [
      [
        'checkSignConventions',
        GRAPH_CHECK_OPTION_CHECKS,
        (o: Record<string, unknown>) => checkSignConventions(BIOCHAR.component_blueprints, o),
      ],
      [
        'checkLinearisation',
        LINEARISATION_OPTION_CHECKS,
        (o: Record<string, unknown>) => checkLinearisation(BIOCHAR.component_blueprints, o),
      ],
      [
        'checkDimensionalRobustness',
        DIMENSIONAL_OPTION_CHECKS,
        (o: Record<string, unknown>) => checkDimensionalRobustness(BIOCHAR.component_blueprints, o),
      ],
      ['checkMethodology', METHODOLOGY_CHECK_OPTION_CHECKS, (o: Record<string, unknown>) => checkMethodology(BIOCHAR, o)],
    ] as const
  ).map(([name, check, run]) => ({
    name,
    check,
    refuse: (options: Record<string, unknown>): Refusal => {
      const spy = spyEvaluator();
      // The evaluator is a known option: a misspelled `evaluate` itself is not replaced.
      const withSpy = 'evaluate' in options ? options : { ...options, evaluate: spy.evaluate };
      return { messages: thrown(() => run(withSpy)), worked: spy.called() };
    },
  })),
];

/** Every key path of a table: each known key, and the keys of nested tables (a record's key is `x`). */
function keyPaths(
  check: OptionCheck,
  prefix: readonly string[] = [],
): { readonly path: readonly string[]; readonly known: readonly string[] }[] {
  const known = objectKeysAt(check, []);
  if (known.length === 0) {
    // A record's values are reached by any key; a value check has no keys.
    const each = schemaAt(check, ['x']);
    return each === undefined ? [] : keyPaths(each, [...prefix, 'x']);
  }
  return known.flatMap((key) => [{ path: [...prefix, key], known }, ...keyPaths(schemaAt(check, [key]) as OptionCheck, [...prefix, key])]);
}

/** Options with `value` at `path`. */
function optionsAt(path: readonly string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

/** `text` as a regular expression that matches it literally. */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_';

/** One edit of `key`: a letter substituted, inserted or deleted, or two neighbours swapped. */
const misspellingOf = (key: string): fc.Arbitrary<string> =>
  fc
    .record({
      edit: fc.constantFrom('substitute', 'insert', 'delete', 'swap'),
      at: fc.nat({ max: key.length }),
      letter: fc.constantFrom(...LETTERS),
    })
    .map(({ edit, at, letter }) => {
      const i = Math.min(at, key.length - 1);
      if (edit === 'substitute') return key.slice(0, i) + letter + key.slice(i + 1);
      if (edit === 'insert') return key.slice(0, at) + letter + key.slice(at);
      if (edit === 'delete') return key.slice(0, i) + key.slice(i + 1);
      return i + 1 < key.length ? key.slice(0, i) + (key[i + 1] as string) + (key[i] as string) + key.slice(i + 2) : key + letter;
    });

describe('options are strict: a one-letter misspelling of any known key, at any depth', () => {
  for (const target of TARGETS) {
    const paths = keyPaths(target.check);
    it(`${target.name}: every one of its ${paths.length} keys`, async () => {
      expect(paths.length).toBeGreaterThan(0);
      for (const { path, known } of paths) {
        const key = path[path.length - 1] as string;
        await fc.assert(
          fc.asyncProperty(misspellingOf(key), async (wrong) => {
            fc.pre(wrong !== '' && !known.includes(wrong));
            const parent = path.slice(0, -1).join('.');
            const refusal = await target.refuse(optionsAt([...path.slice(0, -1), wrong], 1));
            expect(refusal.worked).toBe(false);
            const message = refusal.messages.find((m) =>
              new RegExp(`unknown key '${escape(wrong)}' at [\\w.]*${escape(parent)}; did you mean '`).test(m),
            );
            expect(message, `${refusal.messages.join(' | ')}`).toBeDefined();
            const suggested = /did you mean '([^']+)'/.exec(message as string)?.[1] as string;
            // The key it came from, or one as near (a tie such as `mix` between `min` and `max`).
            expect(suggested === key || editDistance(wrong, suggested) <= editDistance(wrong, key)).toBe(true);
          }),
          { numRuns: 12, seed: 23 },
        );
      }
    });
  }
});

describe('options are strict: the example of issue 23', () => {
  const options = { policies: { roundingIncrementKG: 1000, discountCoverageFactr: 2 }, montecarlo: { samples: 10 } };

  it('evaluateGraph throws a TypeError naming each key and the nearest known one', () => {
    expect(() => evaluateGraph(example, options as never)).toThrow(
      new TypeError(
        "invalid options of evaluateGraph: unknown key 'roundingIncrementKG' at options.policies; did you mean 'roundingIncrementKg'?; " +
          "unknown key 'discountCoverageFactr' at options.policies; did you mean 'discountCoverageFactor'?; unknown key 'montecarlo' at options; did you mean 'monteCarlo'?",
      ),
    );
  });

  it('safeEvaluateGraph returns the same problems as issues, with their paths', () => {
    expect(safeEvaluateGraph(example, options as never)).toEqual({
      ok: false,
      issues: [
        {
          path: ['options', 'policies', 'roundingIncrementKG'],
          code: 'unknown_option',
          message: "unknown key 'roundingIncrementKG' at options.policies; did you mean 'roundingIncrementKg'?",
        },
        {
          path: ['options', 'policies', 'discountCoverageFactr'],
          code: 'unknown_option',
          message: "unknown key 'discountCoverageFactr' at options.policies; did you mean 'discountCoverageFactor'?",
        },
        {
          path: ['options', 'montecarlo'],
          code: 'unknown_option',
          message: "unknown key 'montecarlo' at options; did you mean 'monteCarlo'?",
        },
      ],
    });
  });

  it('spelled right, the policies change the figures', () => {
    const usual = evaluateGraph(example).ghg_entries[0]!;
    const meant = evaluateGraph(example, {
      policies: { roundingIncrementKg: 1000, discountCoverageFactor: 2 },
      monteCarlo: { samples: 10, seed: 1 },
    }).ghg_entries[0]!;
    expect(meant.issuable_kg % 1000).toBe(0);
    expect(meant.co2e_net_removed_kg).toBeCloseTo(
      usual.co2e_net_removed_without_discount_kg - 2 * usual.co2e_net_removed_standard_deviation_kg!,
      6,
    );
    expect(meant.co2e_net_removed_kg).toBeLessThan(usual.co2e_net_removed_kg);
  });

  it('an option given as undefined counts as absent', () => {
    expect(evaluateGraph(example, { monteCarlo: undefined, policies: { roundingTies: undefined } })).toEqual(evaluateGraph(example));
  });
});

describe('options are strict: values of the wrong type or range', () => {
  const refused = (policies: Record<string, unknown>): string[] => messagesOf(safeEvaluateGraph(example, { policies }));

  it('names the policy, what it must be and what it got', () => {
    expect(refused({ roundingIncrementKg: -10 })).toEqual(["option 'policies.roundingIncrementKg' must be a finite number > 0; got -10"]);
    expect(refused({ roundingIncrementKg: 0 })).toEqual(["option 'policies.roundingIncrementKg' must be a finite number > 0; got 0"]);
    expect(refused({ discountCoverageFactor: Number.POSITIVE_INFINITY })).toEqual([
      "option 'policies.discountCoverageFactor' must be a finite number >= 0; got Infinity",
    ]);
    expect(refused({ discountCoverageFactor: '2' })).toEqual([
      'option \'policies.discountCoverageFactor\' must be a finite number >= 0; got "2"',
    ]);
    expect(refused({ roundingTies: 'up' })).toEqual([
      'option \'policies.roundingTies\' must be one of "away_from_zero", "half_even", "toward_zero"; got "up"',
    ]);
    expect(refused({ issuableFloorKg: Number.NaN })).toEqual([
      "option 'policies.issuableFloorKg' must be a finite number or null; got NaN",
    ]);
    expect(refused({ resubmittableStatuses: ['DONE'] })).toEqual([
      'option \'policies.resubmittableStatuses\' must be a list of GHG statement statuses; got ["DONE"]',
    ]);
    expect(refused({ componentSigns: { LOSS: 2 } })).toEqual(["option 'policies.componentSigns.LOSS' must be one of 1, -1; got 2"]);
    expect(refused({ componentSigns: { LOS: -1 } })).toEqual([
      "unknown key 'LOS' at options.policies.componentSigns; did you mean 'LOSS'?",
    ]);
    expect(refused({ issuableFloorKg: null, componentSigns: { LOSS: -1 } })).toEqual([]);
  });

  it('monteCarlo takes its samples or adaptive draws and its seed, in range', () => {
    expect(messagesOf(safeEvaluateGraph(example, { monteCarlo: { samples: 1, seed: 1.5 } }))).toEqual([
      "option 'monteCarlo.samples' must be an integer >= 2 and <= 10000000; got 1",
      "option 'monteCarlo.seed' must be an integer; got 1.5",
    ]);
    expect(messagesOf(safeEvaluateGraph(example, { monteCarlo: { samples: 10, adaptive: {} } }))).toEqual([
      'monteCarlo takes samples (a fixed number of draws) or adaptive, not both',
    ]);
    expect(messagesOf(safeEvaluateGraph(example, { monteCarlo: { adaptive: { toleranceKg: 0 } } }))).toEqual([
      "option 'monteCarlo.adaptive.toleranceKg' must be a finite number > 0; got 0",
    ]);
    expect(messagesOf(safeEvaluateGraph(example, { coverageProbability: 1 }))).toEqual([
      "option 'coverageProbability' must be a finite number > 0 and < 1; got 1",
    ]);
    expect(messagesOf(safeEvaluateGraph(example, { policies: { discountPercentile: 100 } }))).toEqual([
      "option 'policies.discountPercentile' must be a finite number > 0 and < 100; got 100",
    ]);
    expect(messagesOf(safeEvaluateGraph(example, { propagate: 'no' } as never))).toEqual([
      'option \'propagate\' must be true or false; got "no"',
    ]);
    expect(messagesOf(safeEvaluateGraph(example, 5 as never))).toEqual(['the options must be an object; got 5']);
  });

  it('prepareGraph refuses its policies before reading the document', () => {
    const doc = watchedDocument();
    expect(prepareGraph(doc.document, { roundingIncrementKG: 1 } as never)).toEqual({
      ok: false,
      issues: [
        {
          path: ['policies', 'roundingIncrementKG'],
          code: 'unknown_option',
          message: "unknown key 'roundingIncrementKG' at policies; did you mean 'roundingIncrementKg'?",
        },
      ],
    });
    expect(doc.reads()).toBe(0);
  });

  it('evaluatePreparedGraph refuses policies, which a prepared graph has fixed', () => {
    // Its type has no `policies` (evaluate-phases.test.ts holds that); a JavaScript caller's are refused.
    const fromJavaScript: Record<string, unknown> = { policies: { roundingIncrementKg: 1000 } };
    expect(messagesOf(evaluatePreparedGraph(prepared, fromJavaScript))).toEqual([
      "option 'policies' cannot change a prepared graph's policies: pass them to prepareGraph(document, policies)",
    ]);
    expect(evaluatePreparedGraph(prepared, { policies: {} } as Record<string, unknown>).ok).toBe(true);
  });

  it('analyseSensitivity names a misspelled list of ids and a variation out of range', () => {
    expect(messagesOf(analyseSensitivity(example, { only: { ghgEntryId: ['x'] } } as never))).toEqual([
      "unknown key 'ghgEntryId' at options.only; did you mean 'ghgEntryIds'?",
    ]);
    expect(messagesOf(analyseSensitivity(example, { policies: { sensitivityVariation: 0 } }))).toEqual([
      "option 'policies.sensitivityVariation' must be a finite number > 0; got 0",
    ]);
  });

  it('the ledger, the sandbox and the checks throw a TypeError', () => {
    expect(() => createLedger({ policies: { unitNumbring: 'per_issuance' } } as never)).toThrow(
      new TypeError("invalid options of createLedger: unknown key 'unitNumbring' at options.policies; did you mean 'unitNumbering'?"),
    );
    expect(() => createLedger({ policies: { unitNumbering: 'per_unit' } } as never)).toThrow(
      /option 'policies.unitNumbering' must be one of "per_project", "per_issuance"; got "per_unit"/,
    );
    expect(() => createSandbox({ sede: 2 } as never)).toThrow(
      new TypeError("invalid options of createSandbox: unknown key 'sede' at options; did you mean 'seed'?"),
    );
    expect(() => createSandbox({ seed: 1.5 })).toThrow(/option 'seed' must be an integer; got 1.5/);
    const spy = spyEvaluator();
    expect(() => checkSignConventions(BIOCHAR.component_blueprints, { numRun: 5, evaluate: spy.evaluate } as never)).toThrow(
      new TypeError("invalid options of checkSignConventions: unknown key 'numRun' at options; did you mean 'numRuns'?"),
    );
    expect(() =>
      checkSignConventions(BIOCHAR.component_blueprints, { graphs: { inputs: { x: { magnitud: { min: 1, max: 2 } } } } } as never),
    ).toThrow(/unknown key 'magnitud' at options.graphs.inputs.x; did you mean 'magnitude'\?/);
    expect(spy.called()).toBe(false);
  });

  it('explainGhgEntry returns the problem of a misspelled policy', () => {
    expect(messagesOf(explainGhgEntry(example, 'x', { policies: { sensitivityVariaton: 0.1 } } as never))).toEqual([
      "unknown key 'sensitivityVariaton' at options.policies; did you mean 'sensitivityVariation'?",
    ]);
  });

  it('a name of Object.prototype is no known option', () => {
    expect(optionIssues({ toString: 1, constructor: 2 }, EVALUATE_OPTION_CHECKS, ['options']).map((i) => i.message)).toEqual([
      expect.stringMatching(/^unknown key 'toString' at options; the keys there are 'policies', /),
      expect.stringMatching(/^unknown key 'constructor' at options; the keys there are 'policies', /),
    ]);
  });
});

describe('options are strict: the blueprint compiler', () => {
  const definition = BIOCHAR.component_blueprints[0] as unknown as Parameters<typeof compileBlueprint>[0];

  it('compileBlueprint returns the problem of a misspelled or invalid option, and compiles with the right ones', () => {
    expect(compileBlueprint(definition, { allowImplicitMultiplicaton: false } as never)).toEqual({
      ok: false,
      issues: [
        {
          path: ['options', 'allowImplicitMultiplicaton'],
          code: 'unknown_option',
          message: "unknown key 'allowImplicitMultiplicaton' at options; did you mean 'allowImplicitMultiplication'?",
        },
      ],
    });
    expect(compileBlueprint(definition, { allowedFunctions: ['eval'] } as never)).toMatchObject({
      ok: false,
      issues: [{ code: 'invalid_option', path: ['options', 'allowedFunctions'] }],
    });
    expect(compileBlueprint(definition, { allowImplicitMultiplication: false }).ok).toBe(true);
  });

  it('every key of its table, misspelled by one letter, is refused', () => {
    for (const { path, known } of keyPaths(COMPILE_OPTION_CHECKS)) {
      const key = path[0] as string;
      fc.assert(
        fc.property(misspellingOf(key), (wrong) => {
          fc.pre(wrong !== '' && !known.includes(wrong));
          const outcome = compileBlueprint(definition, { [wrong]: true } as never);
          expect(outcome.ok ? [] : outcome.issues.map((i) => i.message)).toEqual([
            expect.stringMatching(new RegExp(`^unknown key '${escape(wrong)}' at options; did you mean '`)),
          ]);
        }),
        { numRuns: 12, seed: 23 },
      );
    }
  });
});
