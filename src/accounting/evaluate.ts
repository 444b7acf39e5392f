/**
 * Evaluation of a removal graph (semantics.md sections 3 to 5), in named phases:
 *
 * 1. components (evaluate-components.ts): every component once, its value and, with propagation,
 *    its derivatives and standard deviation;
 * 2. amortisation (amortisation.ts, share-gradients.ts): each statement's gross sequestration and
 *    each amortised project-component share, which need every component's value;
 * 3. entries (evaluate-entries.ts): a chunk at a time, each entry's net, merged sensitivities,
 *    variance, discount, credits and result object, its budget lines made when first read;
 * 4. statements: each statement's totals from its entries' nets.
 *
 * `evaluatePreparedGraph` runs them all; {@link startEvaluation} stops before the entries, so that
 * a caller (the CLI) can write each chunk of entries as it is evaluated.
 */
import type { GraphIssue } from '../model';
import { amortiseProjectComponents, SHARE_STATE, type AmortisedShares } from './amortisation';
import { GraphValidationError } from './errors';
import { evaluateComponents } from './evaluate-components';
import { EntryEvaluation } from './evaluate-entries';
import { mergePlanOf } from './merge-plan';
import { runMonteCarlo, type MonteCarloRun, type MonteCarloSettings } from './monte-carlo';
import type { AccountingPolicies } from './policies';
import { prepareGraph, type PreparedGraph } from './prepare';
import type { EvaluationResult, GhgEntryResult, GhgStatementResult, ProjectComponentShareResult } from './result';
import { shareGradientsOf } from './share-gradients';
import { totalGhgStatementEntries } from './statement-totals';

/**
 * Options of {@link evaluateGraph}.
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
}


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
 * every problem with its path) when the document is invalid; never any other error for bad data.
 * Deterministic: the same document gives a byte-identical result.
 * @public
 */
export function evaluateGraph(graph: unknown, options: EvaluateOptions = {}): EvaluationResult {
  const outcome = safeEvaluateGraph(graph, options);
  if (!outcome.ok) throw new GraphValidationError(outcome.issues);
  return outcome.result;
}

/**
 * Like {@link evaluateGraph} but returns the problems instead of throwing.
 * @public
 */
export function safeEvaluateGraph(graph: unknown, options: EvaluateOptions = {}): EvaluationOutcome {
  const prepared = prepareGraph(graph, options.policies);
  if (!prepared.ok) return prepared;
  return evaluatePreparedGraph(prepared.prepared, options);
}

/**
 * Evaluates a graph prepared by `prepareGraph` (validation and compilation done once). Returns
 * problems for data that validation cannot see, such as a formula that evaluates to NaN.
 * @public
 */
export function evaluatePreparedGraph(prepared: PreparedGraph, options: EvaluateOptions = {}): EvaluationOutcome {
  const started = startEvaluation(prepared, options);
  if (!started.ok) return started;
  const { evaluation } = started;
  const entries = new Array<GhgEntryResult>(evaluation.entries.entryCount);
  let at = 0;
  for (let chunk = evaluation.entries.nextChunk(); chunk !== null; chunk = evaluation.entries.nextChunk()) {
    for (const entry of chunk) entries[at++] = entry;
  }
  const statements = evaluation.statementResults();
  const warnings = entries.flatMap((entry) => entry.warnings);
  return { ok: true, result: statements === undefined ? { ghg_entries: entries, warnings } : { ghg_entries: entries, ghg_statements: statements, warnings } };
}

/** An evaluation whose entries are read a chunk at a time (see {@link startEvaluation}). */
export interface GraphEvaluation {
  /** The entries, evaluated as their chunks are asked for. */
  readonly entries: EntryEvaluation;
  /** Each statement's results, once every entry was read; undefined when the document has no `ghg_statements`. */
  statementResults(): GhgStatementResult[] | undefined;
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
  const invalid = optionIssues(options, prepared.policies);
  if (invalid.length > 0) return { ok: false, issues: invalid };
  const propagate = options.propagate ?? true;
  const plan = propagate ? mergePlanOf(prepared) : null;
  // 1. Every component once.
  const components = evaluateComponents(prepared, plan);
  if (Array.isArray(components)) return { ok: false, issues: components };
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
  const entries = new EntryEvaluation({ prepared, components, plan, amortised, shareGradients, monteCarlo, coverageProbability: options.coverageProbability });
  return { ok: true, evaluation: { entries, statementResults: () => statementResults(prepared, entries, amortised) } };
}

/** Default most draws of an adaptive run (the service's own enhanced-weathering quantification draws 200,000). */
const DEFAULT_MAX_SAMPLES = 200_000;

/**
 * The amortised shares a Monte Carlo run keeps fixed (phases 1 and 2 without propagation), or the
 * problems: what a worker thread needs to run a range of entries (cli/parallel-monte-carlo.ts).
 */
export function monteCarloShares(prepared: PreparedGraph): Float64Array | readonly GraphIssue[] {
  const components = evaluateComponents(prepared, null);
  if (Array.isArray(components)) return components;
  return amortiseProjectComponents(prepared, components.values, prepared.siMagnitudes).shares;
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

/** The problems of the options, none when they are valid. */
function optionIssues(options: EvaluateOptions, policies: AccountingPolicies): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const bad = (path: (string | number)[], message: string): void => void issues.push({ path, code: 'invalid_option', message });
  if (policies.discountMethod !== 'first_order' && policies.discountMethod !== 'monte_carlo') bad(['policies', 'discountMethod'], `discountMethod must be 'first_order' or 'monte_carlo'; got ${JSON.stringify(policies.discountMethod)}`);
  if (!(typeof policies.discountPercentile === 'number' && policies.discountPercentile > 0 && policies.discountPercentile < 100)) bad(['policies', 'discountPercentile'], `discountPercentile must be a number in (0, 100); got ${String(policies.discountPercentile)}`);
  const p = options.coverageProbability;
  if (p !== undefined && !(typeof p === 'number' && p > 0 && p < 1)) bad(['options', 'coverageProbability'], `coverageProbability must be a number in (0, 1); got ${String(p)}`);
  const mc = options.monteCarlo;
  if (mc === undefined) return issues;
  const { samples, seed, histogramBins, adaptive } = mc;
  if (samples !== undefined && !(Number.isInteger(samples) && samples >= 2 && samples <= 10_000_000)) bad(['options', 'monteCarlo', 'samples'], `monteCarlo.samples must be an integer in [2, 10000000]; got ${String(samples)}`);
  if (seed !== undefined && !Number.isSafeInteger(seed)) bad(['options', 'monteCarlo', 'seed'], `monteCarlo.seed must be an integer; got ${String(seed)}`);
  if (samples !== undefined && adaptive !== undefined) bad(['options', 'monteCarlo'], 'monteCarlo takes samples (a fixed number of draws) or adaptive, not both');
  if (adaptive !== undefined) {
    const { toleranceKg, maxSamples } = adaptive;
    if (toleranceKg !== undefined && !(typeof toleranceKg === 'number' && toleranceKg > 0 && Number.isFinite(toleranceKg))) bad(['options', 'monteCarlo', 'adaptive', 'toleranceKg'], `monteCarlo.adaptive.toleranceKg must be a positive number of kg; got ${String(toleranceKg)}`);
    if (maxSamples !== undefined && !(Number.isInteger(maxSamples) && maxSamples >= 2 && maxSamples <= 10_000_000)) bad(['options', 'monteCarlo', 'adaptive', 'maxSamples'], `monteCarlo.adaptive.maxSamples must be an integer in [2, 10000000]; got ${String(maxSamples)}`);
  }
  if (histogramBins !== undefined && !(Number.isInteger(histogramBins) && histogramBins >= 1 && histogramBins <= 1000)) bad(['options', 'monteCarlo', 'histogramBins'], `histogramBins must be an integer in [1, 1000]; got ${String(histogramBins)}`);
  return issues;
}

/** Each statement's totals and its shares of the project's amortised components. */
function statementResults(prepared: PreparedGraph, entries: EntryEvaluation, amortised: AmortisedShares): GhgStatementResult[] | undefined {
  if (prepared.graph.ghg_statements === undefined) return undefined;
  if (entries.evaluated < entries.entryCount) throw new Error('statementResults: read every entry first');
  return prepared.statements.map((statement, s) => {
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
