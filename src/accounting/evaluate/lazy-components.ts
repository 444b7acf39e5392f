/**
 * An entry result's `components`, made when first read (docs/result.md): an evaluation of 10,000
 * entries of 20 components otherwise allocates 200,000 component objects (and their garbage
 * collection) that a caller reading only the nets never sees. The property is an ordinary
 * enumerable one at its place among the result's keys, so JSON, spreads, structured clones and
 * equality checks see the same array, in the same order, as when it was made eagerly; budget.ts
 * does the same for `uncertainty_budget` (what they share: lazy-fields.ts). Internal to accounting.
 */
import type { ComponentResult } from '../result';
import { lazyFieldDescriptor, Stamp } from './lazy-fields';

/** What makes entry e's component results (entry-results.ts). */
export interface ComponentResultsMaker {
  componentResults(e: number): ComponentResult[];
}

/**
 * A result's component state, in private fields of the result itself: invisible to JSON, spread,
 * structured clones and equality checks, and one getter shared by every result keeps them all of
 * one hidden class.
 */
class ComponentsState extends Stamp {
  #maker: ComponentResultsMaker | null;
  #entry: number;
  #components: ComponentResult[] | undefined;

  constructor(result: object, maker: ComponentResultsMaker, entry: number) {
    super(result);
    this.#maker = maker;
    this.#entry = entry;
  }

  /** The result's component results, made on the first call and kept. */
  static componentsOf(result: object): ComponentResult[] {
    if (!(#entry in result)) throw new TypeError('components: the getter was called on an object that is not an evaluation result');
    const state = result as ComponentsState;
    if (state.#components === undefined) {
      state.#components = (state.#maker as ComponentResultsMaker).componentResults(state.#entry);
      state.#maker = null; // the evaluation's figures are no longer needed by this result
    }
    return state.#components;
  }
}

const componentsDescriptor = lazyFieldDescriptor('components', ComponentsState.componentsOf);

/**
 * Gives an entry result its `components` (the next key of the result): an enumerable property
 * whose array `maker` makes on the first read, kept. Assigning to it replaces it with a plain data
 * property, as on any object.
 */
export function attachComponents<T extends object>(result: T, maker: ComponentResultsMaker, entry: number): T {
  new ComponentsState(result, maker, entry); // adds the private fields to result itself
  Object.defineProperty(result, 'components', componentsDescriptor);
  return result;
}
