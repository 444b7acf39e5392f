/**
 * An entry result's fields made when first read (docs/result.md): `components`,
 * `reused_datapoints` and `uncertainty_budget`. An evaluation of 10,000 entries of 20 components
 * otherwise allocates 200,000 component objects, tens of thousands of reused-datapoint items and
 * millions of budget lines (and their garbage collection) that a caller reading only the nets
 * never sees. Each is an ordinary enumerable property at its place
 * among the result's keys, so JSON, spreads, structured clones and equality checks see the same
 * arrays, in the same order, as when they were made eagerly. All three keep their state in one stamp of
 * private fields (lazy-fields.ts): one per result, not one per field. Internal to accounting.
 */
import type { BudgetTerms } from './budget';
import type { ComponentResult, ReusedDatapoint, UncertaintyBudgetLine } from '../result';
import { attachInspect, lazyFieldDescriptor, Stamp } from './lazy-fields';

/** What makes entry e's component results and its list of reused datapoints (entry-results.ts). */
export interface ComponentResultsMaker {
  componentResults(e: number): ComponentResult[];
  reusedDatapoints(e: number): ReusedDatapoint[];
}

/**
 * A result's lazy state, in private fields of the result itself: invisible to JSON, spread,
 * structured clones and equality checks, and one getter per key shared by every result keeps them
 * all of one hidden class.
 */
class LazyEntryFields extends Stamp {
  #maker: ComponentResultsMaker | null;
  #terms: BudgetTerms | null;
  #entry: number;
  #components: ComponentResult[] | undefined;
  #reused: ReusedDatapoint[] | undefined;
  #lines: UncertaintyBudgetLine[] | undefined;

  constructor(result: object, maker: ComponentResultsMaker, terms: BudgetTerms | null, entry: number) {
    super(result);
    this.#maker = maker;
    this.#terms = terms;
    this.#entry = entry;
  }

  /** `result`'s state, or a TypeError naming `field` when the getter was called on another object. */
  static #stateOf(result: object, field: string): LazyEntryFields {
    if (!(#entry in result)) throw new TypeError(`${field}: the getter was called on an object that is not an evaluation result`);
    return result as LazyEntryFields;
  }

  /** Lets go of the evaluation's figures once both lists they make are made: this result needs them no more. */
  #releaseMakerWhenDone(): void {
    if (this.#components !== undefined && this.#reused !== undefined) this.#maker = null;
  }

  /** The result's component results, made on the first call and kept. */
  static componentsOf(result: object): ComponentResult[] {
    const state = LazyEntryFields.#stateOf(result, 'components');
    if (state.#components === undefined) {
      state.#components = (state.#maker as ComponentResultsMaker).componentResults(state.#entry);
      state.#releaseMakerWhenDone();
    }
    return state.#components;
  }

  /** The result's reused datapoints, made on the first call and kept. */
  static reusedOf(result: object): ReusedDatapoint[] {
    const state = LazyEntryFields.#stateOf(result, 'reused_datapoints');
    if (state.#reused === undefined) {
      state.#reused = (state.#maker as ComponentResultsMaker).reusedDatapoints(state.#entry);
      state.#releaseMakerWhenDone();
    }
    return state.#reused;
  }

  /** The lines of the result's budget, created on the first call and kept. */
  static linesOf(result: object): UncertaintyBudgetLine[] {
    const state = LazyEntryFields.#stateOf(result, 'uncertainty_budget');
    return (state.#lines ??= (state.#terms as BudgetTerms).linesOf(state.#entry));
  }
}

const componentsDescriptor = lazyFieldDescriptor('components', LazyEntryFields.componentsOf);
const reusedDescriptor = lazyFieldDescriptor('reused_datapoints', LazyEntryFields.reusedOf);
const budgetDescriptor = lazyFieldDescriptor('uncertainty_budget', LazyEntryFields.linesOf);

/**
 * Gives an entry result its `components` and `reused_datapoints` (the next two keys of the
 * result): enumerable properties whose arrays `maker` makes on the first read, kept; and the state
 * its `uncertainty_budget` reads from `terms` (see {@link attachBudget}). Assigning to any of them
 * replaces it with a plain data property, as on any object.
 */
export function attachComponents<T extends object>(result: T, maker: ComponentResultsMaker, terms: BudgetTerms | null, entry: number): T {
  new LazyEntryFields(result, maker, terms, entry); // adds the private fields to result itself
  Object.defineProperty(result, 'components', componentsDescriptor);
  Object.defineProperty(result, 'reused_datapoints', reusedDescriptor);
  return result;
}

/**
 * Gives a result that {@link attachComponents} gave terms its `uncertainty_budget` (the next key):
 * an enumerable property whose lines are created on the first read and kept.
 */
export function attachBudget<T extends object>(result: T): T {
  Object.defineProperty(result, 'uncertainty_budget', budgetDescriptor);
  return attachInspect(result);
}
