/**
 * The entries of an evaluation, chunk by chunk (docs/rules.md#evaluating-a-ghg-entry and docs/rules.md#rounding-credits-and-the-buffer-pool): once every
 * component has its figures, each entry is independent of the others, so entries are evaluated
 * a chunk at a time when a reader asks for them. `evaluatePreparedGraph` reads every chunk; the
 * CLI writes each chunk as it comes, so that a pipeline sees the first entries before the last
 * are evaluated and the results never all live at once.
 *
 * A chunk takes three passes, each over all its entries: (1) the nets and the merged
 * sensitivities (the variance and, later, the budget), (2) the credits, exact (credits.ts), into
 * columns of numbers, (3) the result objects. Each pass is a tight loop over one kind of work.
 * The third pass is made as the reader asks: a whole chunk (`nextChunk`) or an entry at a time
 * (`nextEntry`, for a writer that drops each result once written: then no chunk of results
 * outlives the young generation's collections, whose allocation sites V8 would otherwise move to
 * the old generation, where a large document's results pile up as garbage, docs/scaling.md).
 * Internal to accounting.
 */
import type { GhgEntryResult, MonteCarloSummary } from '../result';
import type { AccountingPolicies } from '../policies';
import type { MonteCarloRun } from '../monte-carlo/run';
import type { EntryInputs } from './entry-inputs';
import { BudgetTerms } from './budget';
import { releaseGradients } from './components';
import { creditsOfNetInto, type CreditColumns } from '../credits/credits';
import { firstOrderNetAfterDiscount } from './discount';
import { type EntryFigures, EntryResults } from './entry-results';
import { EntrySensitivities } from './entry-sensitivities';

/** Entries per chunk: large enough that a chunk's passes run in tight loops, small enough to stay young. */
export const ENTRY_CHUNK = 512;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Every entry's net after its discount, by entry: what the statements' totals are made of. */
export type EntryNets = Float64Array;

/** The entries of one evaluation, evaluated a chunk at a time (see the module comment). */
export class EntryEvaluation {
  /** Number of entries of the graph. */
  readonly entryCount: number;
  /** Each entry's net after its discount, filled as chunks are evaluated. */
  readonly nets: EntryNets;
  /** Entries whose nets and credits are evaluated (passes 1 and 2): every chunk before `next`. */
  private next = 0;
  /** The first entry of the chunk evaluated last, and the entries whose result objects were made. */
  private chunkFrom = 0;
  private made = 0;
  /** Whether the components' derivatives went back for the next evaluation (components.ts, releaseGradients). */
  private released = false;
  private readonly inputs: EntryInputs;
  private readonly policies: AccountingPolicies;
  private readonly sensitivities: EntrySensitivities;
  private readonly results: EntryResults;
  /** Per entry of the chunk: its net without discount, standard deviation (NaN for none), credits. */
  private readonly chunkNet: Float64Array;
  private readonly chunkStandardDeviation: Float64Array;
  private readonly credits: CreditColumns;
  /** The figures of the entry whose result is being made (entry-results.ts reads, never keeps, them). */
  private readonly figures: Mutable<EntryFigures>;
  private readonly monteCarlo: MonteCarloRun | undefined;

  constructor(inputs: EntryInputs) {
    const { prepared, plan } = inputs;
    this.entryCount = prepared.entries.count;
    this.inputs = inputs;
    this.nets = new Float64Array(this.entryCount);
    // A small graph (the property checks evaluate thousands) gets arrays of its own size.
    const chunk = Math.min(ENTRY_CHUNK, this.entryCount);
    this.chunkNet = new Float64Array(chunk);
    this.chunkStandardDeviation = new Float64Array(chunk);
    this.credits = { issuable: new Float64Array(chunk), buffer: new Float64Array(chunk), supplier: new Float64Array(chunk) };
    this.figures = { net: 0, netAfterDiscount: 0, standardDeviation: 0, credits: this.credits, row: 0 };
    this.policies = prepared.policies;
    this.monteCarlo = inputs.monteCarlo;
    const budgets = plan === null ? null : new BudgetTerms(prepared, plan);
    this.sensitivities = new EntrySensitivities(inputs, budgets);
    this.results = new EntryResults(inputs, budgets, this.sensitivities);
  }

  /** Number of entries evaluated so far. */
  get evaluated(): number {
    return this.next;
  }

  /**
   * The results of the next chunk of entries, in document order (the rest of the chunk when
   * {@link nextEntry} has read its first ones); null once every entry was read.
   */
  nextChunk(): GhgEntryResult[] | null {
    if (this.made === this.next && !this.evaluateNextChunk()) return null;
    const chunk = new Array<GhgEntryResult>(this.next - this.made);
    for (let k = 0; k < chunk.length; k++) chunk[k] = this.nextResult();
    return chunk;
  }

  /** The result of the next entry, in document order; null once every entry was read. */
  nextEntry(): GhgEntryResult | null {
    if (this.made === this.next && !this.evaluateNextChunk()) return null;
    return this.nextResult();
  }

  /** Passes 1 and 2 over the next chunk; false once every entry was evaluated. */
  private evaluateNextChunk(): boolean {
    const from = this.next;
    const to = Math.min(this.entryCount, from + ENTRY_CHUNK);
    if (from >= to) {
      this.release();
      return false;
    }
    // 1. Nets and merged sensitivities.
    for (let e = from; e < to; e++) this.sensitivities.evaluateInto(e, this.chunkNet, this.chunkStandardDeviation, e - from);
    // 2. Credits in exact decimals.
    for (let e = from; e < to; e++) {
      const net = this.netAfterDiscount(e, e - from);
      this.nets[e] = net;
      creditsOfNetInto(net, this.results.riskOf(e), this.policies, this.credits, e - from);
    }
    this.chunkFrom = from;
    this.next = to;
    // The sensitivities of every entry are merged: the components' derivatives are read no more.
    if (to === this.entryCount) this.release();
    return true;
  }

  /** 3. The next entry's result object, from one figures object rewritten for each entry (none made per entry). */
  private nextResult(): GhgEntryResult {
    const e = this.made++;
    const row = e - this.chunkFrom;
    const figures = this.figures;
    figures.net = this.chunkNet[row] as number;
    figures.netAfterDiscount = this.nets[e] as number;
    figures.standardDeviation = this.chunkStandardDeviation[row] as number;
    figures.row = row;
    return this.results.resultOf(e, figures);
  }

  /** Hands the components' derivatives to the next evaluation, once. */
  private release(): void {
    if (this.released) return;
    this.released = true;
    releaseGradients(this.inputs.prepared, this.inputs.components);
  }

  /**
   * Entry e's net less its uncertainty discount: the standard deviation times the coverage factor,
   * or under the Monte Carlo method its percentile capped at the net (docs/policies.md). That method
   * always runs Monte Carlo (evaluate.ts, monteCarloSettings), so its run is there.
   */
  private netAfterDiscount(e: number, row: number): number {
    const net = this.chunkNet[row] as number;
    if (this.policies.discountMethod === 'monte_carlo')
      return Math.min(net, ((this.monteCarlo as MonteCarloRun).summaries[e] as MonteCarloSummary).percentile_kg);
    return firstOrderNetAfterDiscount(net, this.chunkStandardDeviation[row] as number, this.policies);
  }
}
