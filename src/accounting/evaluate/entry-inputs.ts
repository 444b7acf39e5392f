/**
 * What the entries of one evaluation are computed from, a leaf that the entry passes
 * (entries.ts) and its parts (entry-results.ts, entry-sensitivities.ts) all read.
 * Internal to accounting.
 *
 * Owns: EntryInputs. May import (types only): the prepared graph, the merge plan, the component
 * figures, the amortised shares and their gradients, the Monte Carlo run.
 */
import type { AmortisedShares } from '../amortisation';
import type { ComponentFigures } from './components';
import type { MergePlan } from '../prepare/merge-plan';
import type { MonteCarloRun } from '../monte-carlo/run';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { ShareGradients } from './share-gradients';

/** What the entries of one evaluation are computed from. */
export interface EntryInputs {
  readonly prepared: PreparedGraph;
  readonly components: ComponentFigures;
  /** The merge plan; null without propagation. */
  readonly plan: MergePlan | null;
  readonly amortised: AmortisedShares;
  /** Derivatives of the amortised shares (policy `propagated`); null when they add none. */
  readonly shareGradients: ShareGradients | null;
  readonly monteCarlo: MonteCarloRun | undefined;
  /** Given: every entry with a standard deviation reports its first-order coverage interval. */
  readonly coverageProbability: number | undefined;
  /** Whether component items carry their expressions' values (option `expressionValues`). */
  readonly expressionValues?: boolean;
}
