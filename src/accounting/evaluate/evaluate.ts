/**
 * Evaluation of a removal graph (docs/rules.md#evaluating-a-ghg-entry to docs/rules.md#rounding-credits-and-the-buffer-pool), in named phases:
 *
 * 1. components (components.ts): every component once, its value and, with propagation,
 *    its derivatives and standard deviation;
 * 2. amortisation (amortisation.ts, share-gradients.ts): each statement's gross sequestration and
 *    each amortised project-component share, which need every component's value;
 * 3. entries (entries.ts): a chunk at a time, each entry's net, merged sensitivities,
 *    variance, discount, credits and result object, its budget lines made when first read;
 * 4. statements: each statement's totals from its entries' nets.
 *
 * `evaluatePreparedGraph` runs them all; {@link startEvaluation} stops before the entries, so that
 * a caller (the CLI) can write each chunk of entries as it is evaluated.
 */
import type { GraphIssue } from '../../model';
import { BOOLEAN, finiteNumber, optionIssues, optionsError, shapeOf, type ShapeCheck } from '../../model/strict-options';
import { amortiseProjectComponents, SHARE_STATE, type AmortisedShares } from '../amortisation';
import { GraphValidationError } from '../errors';
import { evaluateComponents } from './components';
import { EntryEvaluation } from './entries';
import { mergePlanOf } from '../prepare/merge-plan';
import { runMonteCarlo, type MonteCarloRun, type MonteCarloSettings } from '../monte-carlo/run';
import { ACCOUNTING_POLICY_CHECKS, type AccountingPolicies } from '../policies';
import { prepareGraph, type PreparedGraph } from '../prepare/prepare';
import type { EvaluationResult, EvaluationWarning, GhgEntryResult, GhgStatementResult, ProjectComponentShareResult } from '../result';
import { shareGradientsOf } from './share-gradients';
import { resultWarnings } from '../warnings';
import { totalGhgStatementEntries } from '../statements/totals';

/**
 * Options of `evaluateGraph` (cdr-engine).
 * @public
 */
export interface EvaluateOptions {
  /** Policies to override (see `DEFAULT_ACCOUNTING_POLICIES`). */
  readonly policies?: Partial<AccountingPolicies>;
  /**
   * Whether to propagate uncertainty (default true). When false, standard deviations are null, no
   * discount is applied and budgets are empty: a faster what-if evaluation of the magnitudes only.
   */
  readonly propagate?: boolean;
  /**
   * Adds a Monte Carlo evaluation to every entry (docs/result.md, "Monte Carlo"): datapoints drawn
   * from their distributions with a seed. Runs also, with its defaults, when the policy
   * `discountMethod` is `monte_carlo`.
   */
  readonly monteCarlo?: {
    /** A fixed number of draws, 2 to 10,000,000. Give this or `adaptive`. */
    readonly samples?: number;
    /**
     * Adaptive draws (JCGM 101 7.9), the default: per entry, draws are doubled from about 10,000
     * until the percentile's 95 % confidence interval is at most `toleranceKg` wide (default half
     * the rounding increment), up to `maxSamples` (default 200,000).
     */
    readonly adaptive?: { readonly toleranceKg?: number; readonly maxSamples?: number };
    /** The seed, an integer (default 1): the same document, options and seed give the same figures. */
    readonly seed?: number;
    /** Also counts each entry's sampled nets in this many equal bins (1 to 1000). */
    readonly histogramBins?: number;
  };
  /**
   * The coverage probability of the coverage intervals, in (0, 1) (default 0.95). When given, every
   * entry with a standard deviation reports its first-order `coverage_interval`.
   */
  readonly coverageProbability?: number;
  /**
   * Adds to each entry's component items `expression_values`: every expression of the component's
   * blueprint at the magnitudes, in SI with the SI unit of its dimension (default false).
   */
  readonly expressionValues?: boolean;
}

/**
 * The checks of the draws of a Monte Carlo run (`samples`, `adaptive`, `seed`): the `monteCarlo`
 * option here, and the HTML report's, which chooses its own histogram.
 */
export const MONTE_CARLO_DRAW_CHECKS = {
  samples: finiteNumber({ integer: true, min: 2, max: 10_000_000 }),
  adaptive: shapeOf<NonNullable<NonNullable<EvaluateOptions['monteCarlo']>['adaptive']>>({
    toleranceKg: finiteNumber({ above: 0 }),
    maxSamples: finiteNumber({ integer: true, min: 2, max: 10_000_000 }),
  }),
  seed: finiteNumber({ integer: true }),
} as const;

/** The known keys of `monteCarlo` and the check of each (docs/policies.md: options are strict). */
export const MONTE_CARLO_OPTION_CHECKS: ShapeCheck = shapeOf<NonNullable<EvaluateOptions['monteCarlo']>>({
  ...MONTE_CARLO_DRAW_CHECKS,
  histogramBins: finiteNumber({ integer: true, min: 1, max: 1000 }),
});

/** The known keys of {@link EvaluateOptions} and the check of each. */
export const EVALUATE_OPTION_CHECKS: ShapeCheck = shapeOf<EvaluateOptions>({
  policies: ACCOUNTING_POLICY_CHECKS,
  propagate: BOOLEAN,
  monteCarlo: MONTE_CARLO_OPTION_CHECKS,
  coverageProbability: finiteNumber({ above: 0, below: 1 }),
  expressionValues: BOOLEAN,
});

/** The `monteCarlo` option of {@link EvaluateOptions}. */
export type MonteCarloOptions = NonNullable<EvaluateOptions['monteCarlo']>;

/**
 * Outcome of the non-throwing evaluation functions.
 * @public
 */
export type EvaluationOutcome =
  | { readonly ok: true; readonly result: EvaluationResult }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/**
 * Validates and evaluates a removal graph document. Throws {@link GraphValidationError} (listing
 * every problem with its path) when the document is invalid, and a `TypeError` naming each unknown
 * option (with the nearest known one) or invalid option value before reading the document; never
 * any other error for bad data. Deterministic: the same document gives a byte-identical result.
 * @public
 */
export function evaluateGraph(graph: unknown, options: EvaluateOptions = {}): EvaluationResult {
  const invalid = evaluateOptionIssues(options);
  if (invalid.length > 0) throw optionsError('options of evaluateGraph', invalid);
  const outcome = safeEvaluateGraph(graph, options);
  if (!outcome.ok) throw new GraphValidationError(outcome.issues);
  return outcome.result;
}

/**
 * Like {@link evaluateGraph} but returns the problems instead of throwing, those of the options
 * (`unknown_option`, `invalid_option`, path starting with `options`) included.
 * @public
 */
export function safeEvaluateGraph(graph: unknown, options: EvaluateOptions = {}): EvaluationOutcome {
  const invalid = evaluateOptionIssues(options);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const prepared = prepareGraph(graph, options.policies);
  if (!prepared.ok) return prepared;
  return evaluateEveryEntry(prepared.prepared, options);
}

/**
 * Evaluates a graph prepared by `prepareGraph` (validation and compilation done once) with the
 * policies it was prepared with: its options are those of {@link evaluateGraph} but `policies`
 * (given anyway, from JavaScript, it is refused as `invalid_option`). Returns problems for data that
 * validation cannot see, such as a formula that evaluates to NaN, and for invalid options.
 * @public
 */
export function evaluatePreparedGraph(prepared: PreparedGraph, options: Omit<EvaluateOptions, 'policies'> = {}): EvaluationOutcome {
  const invalid = evaluateOptionIssues(options);
  // Policies shape the preparation (signs, attribution checks): a prepared graph keeps its own, and
  // a `policies` option the type leaves out may still come from JavaScript.
  const { policies } = options as EvaluateOptions;
  if (policies !== undefined && Object.keys(policies).length > 0) {
    const message = "option 'policies' cannot change a prepared graph's policies: pass them to prepareGraph(document, policies)";
    invalid.push({ path: ['options', 'policies'], code: 'invalid_option', message });
  }
  return invalid.length > 0 ? { ok: false, issues: invalid } : evaluateEveryEntry(prepared, options);
}

/** Every phase of the evaluation of a prepared graph under `options` (see the module comment). */
function evaluateEveryEntry(prepared: PreparedGraph, options: EvaluateOptions): EvaluationOutcome {
  const started = startEvaluation(prepared, options);
  if (!started.ok) return started;
  const { evaluation } = started;
  const entries = new Array<GhgEntryResult>(evaluation.entries.entryCount);
  let at = 0;
  for (let chunk = evaluation.entries.nextChunk(); chunk !== null; chunk = evaluation.entries.nextChunk()) {
    for (let k = 0; k < chunk.length; k++) entries[at++] = chunk[k] as GhgEntryResult;
  }
  const statements = evaluation.statementResults();
  const warnings = resultWarnings(evaluation.documentWarnings, entries);
  return {
    ok: true,
    result: {
      ghg_entries: entries,
      ...(statements === undefined ? {} : { ghg_statements: statements }),
      warnings,
      ...evaluation.refused,
    },
  };
}

/**
 * The result's `refused_entries` and `refused_statements` (docs/result.md, "Refused entries"):
 * present only when some entry was refused, so that a document without one gives the same result.
 */
export function refusedParts(prepared: PreparedGraph): Pick<EvaluationResult, 'refused_entries' | 'refused_statements'> {
  const entries = prepared.refusedEntries ?? [];
  const statements = prepared.refusedStatements ?? [];
  return {
    ...(entries.length === 0 ? {} : { refused_entries: entries }),
    ...(statements.length === 0 ? {} : { refused_statements: statements }),
  };
}

/** An evaluation whose entries are read a chunk at a time (see {@link startEvaluation}). */
export interface GraphEvaluation {
  /** The entries, evaluated as their chunks are asked for. */
  readonly entries: EntryEvaluation;
  /** Each statement's results, once every entry was read; undefined when the document has no `ghg_statements`. */
  statementResults(): GhgStatementResult[] | undefined;
  /** The document's warnings (the result's `warnings` add those only entries carry). */
  readonly documentWarnings: readonly EvaluationWarning[];
  /** The refused entries and statements (docs/result.md, "Refused entries"): both absent when none. */
  readonly refused: Pick<EvaluationResult, 'refused_entries' | 'refused_statements'>;
}

/**
 * Runs the phases of an evaluation up to the entries (see the module comment): the options are
 * checked, every component evaluated and the amortised shares computed, or the problems
 * returned. The entries are then evaluated as `evaluation.entries.nextChunk()` asks for them.
 * `precomputed` is a Monte Carlo run made elsewhere with the same settings (by worker threads).
 */
export function startEvaluation(
  prepared: PreparedGraph,
  options: EvaluateOptions = {},
  precomputed?: MonteCarloRun,
): { readonly ok: true; readonly evaluation: GraphEvaluation } | { readonly ok: false; readonly issues: readonly GraphIssue[] } {
  const invalid = evaluateOptionIssues(options);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const propagate = options.propagate ?? true;
  const plan = propagate ? mergePlanOf(prepared) : null;
  // 1. Every component once.
  const components = evaluateComponents(prepared, plan);
  // 2. Statement gross sequestration, then the amortised project-component shares.
  const amortised = amortiseProjectComponents(prepared, components.values, prepared.siMagnitudes);
  const shareGradients =
    plan !== null && prepared.policies.amortisedShareInPropagation === 'propagated' && prepared.amortisations.length > 0
      ? shareGradientsOf(prepared, amortised, components)
      : null;
  const settings = monteCarloSettings(prepared, options);
  let monteCarlo: MonteCarloRun | undefined = settings === null ? undefined : precomputed;
  if (settings !== null && monteCarlo === undefined) {
    const run = runMonteCarlo(prepared, settings, amortised.shares);
    if (Array.isArray(run)) return { ok: false, issues: run };
    monteCarlo = run as MonteCarloRun;
  }
  // 3. The entries, chunk by chunk; 4. the statements, from the entries' nets.
  const entries = new EntryEvaluation({
    prepared,
    components,
    plan,
    amortised,
    shareGradients,
    monteCarlo,
    coverageProbability: options.coverageProbability,
    expressionValues: options.expressionValues === true,
  });
  return {
    ok: true,
    evaluation: {
      entries,
      statementResults: () => statementResults(prepared, entries, amortised),
      documentWarnings: prepared.documentWarnings.all,
      refused: refusedParts(prepared),
    },
  };
}

/** Default most draws of an adaptive run (the service's own enhanced-weathering quantification draws 200,000). */
const DEFAULT_MAX_SAMPLES = 200_000;

/**
 * The amortised shares a Monte Carlo run keeps fixed (phases 1 and 2 without propagation): what a
 * worker thread needs to run a range of entries (cli/parallel-monte-carlo.ts).
 */
export function monteCarloShares(prepared: PreparedGraph): Float64Array {
  return amortiseProjectComponents(prepared, evaluateComponents(prepared, null).values, prepared.siMagnitudes).shares;
}

/** The Monte Carlo run the options and policies ask for; null for none (or invalid options). */
export function monteCarloSettings(prepared: PreparedGraph, options: EvaluateOptions): MonteCarloSettings | null {
  const { policies } = prepared;
  const mc = options.monteCarlo;
  if (mc === undefined && policies.discountMethod !== 'monte_carlo') return null;
  return {
    seed: mc?.seed ?? 1,
    samples: mc?.samples ?? null,
    toleranceKg: mc?.adaptive?.toleranceKg ?? policies.roundingIncrementKg / 2,
    maxSamples: mc?.adaptive?.maxSamples ?? DEFAULT_MAX_SAMPLES,
    percentile: policies.discountPercentile,
    coverageProbability: options.coverageProbability ?? 0.95,
    ...(mc?.histogramBins === undefined ? {} : { histogramBins: mc.histogramBins }),
  };
}

/**
 * The problems of the options, none when they are valid: the strict tables above, and the one rule
 * that spans two keys (a fixed number of draws or adaptive draws, not both).
 */
export function evaluateOptionIssues(options: EvaluateOptions): GraphIssue[] {
  const issues = optionIssues(options, EVALUATE_OPTION_CHECKS, ['options']);
  const mc = options.monteCarlo;
  if (issues.length === 0 && mc?.samples !== undefined && mc.adaptive !== undefined) {
    issues.push({
      path: ['options', 'monteCarlo'],
      code: 'invalid_option',
      message: 'monteCarlo takes samples (a fixed number of draws) or adaptive, not both',
    });
  }
  return issues;
}

/** Each statement's totals and its shares of the project's amortised components. */
function statementResults(prepared: PreparedGraph, entries: EntryEvaluation, amortised: AmortisedShares): GhgStatementResult[] | undefined {
  if (prepared.graph.ghg_statements === undefined) return undefined;
  if (entries.evaluated < entries.entryCount) throw new Error('statementResults: read every entry first');
  const refused = new Set((prepared.refusedStatements ?? []).map((statement) => statement.id));
  const results = prepared.statements.map((statement, s) => {
    const members = Array.from(statement.entries, (e) => ({
      id: prepared.entries.ids[e] as string,
      co2e_net_removed_kg: entries.nets[e] as number,
      risk_of_reversal_percentage: prepared.entries.riskOfReversalPercentage[e] as number | null,
    }));
    const totals = totalGhgStatementEntries(members, prepared.policies);
    const ids = members.map((m) => m.id);
    return {
      id: statement.id,
      project_id: statement.projectId,
      status: statement.status,
      reporting_period_start_at: statement.reportingPeriodStart,
      reporting_period_end_at: statement.reportingPeriodEnd,
      ghg_entry_ids: ids,
      removal_ids: ids,
      gross_sequestration_kg: amortised.gross[s] as number,
      total_co2e_removed_kg: totals.total_co2e_removed_kg,
      issuable_kg: totals.issuable_kg,
      credit_allocation: totals.credit_allocation,
      ghg_entries: totals.ghg_entries,
      project_component_shares: projectComponentShares(prepared, amortised, s),
    };
  });
  // A statement that held a refused entry is refused with it (its totals would credit too little).
  return refused.size === 0 ? results : results.filter((statement) => !refused.has(statement.id));
}

/** Statement s's shares of the project's amortised components. */
function projectComponentShares(prepared: PreparedGraph, amortised: AmortisedShares, s: number): ProjectComponentShareResult[] {
  const shares: ProjectComponentShareResult[] = [];
  for (const amortisation of prepared.amortisations) {
    for (const slot of amortisation.slots) {
      if (slot.statement !== s) continue;
      const state = amortised.state[slot.slot];
      if (state === SHARE_STATE.none) continue;
      const raw = amortised.raw[slot.slot] as number;
      shares.push({
        component_id: amortisation.componentId,
        allocation_strategy: amortisation.strategy,
        share: amortised.shares[slot.slot] as number,
        share_before_cap: Number.isNaN(raw) ? null : raw,
        capped: state === SHARE_STATE.capped,
        frozen: state === SHARE_STATE.fixed,
      });
    }
  }
  return shares;
}
