/**
 * Dimensions by small integer id, per preparation: the check of 100,000s of datapoint slots
 * against their inputs' quantity kinds compares numbers, and each pair of distinct ids is compared
 * once with `dimensionsEqual`. Internal to preparation.
 *
 * Owns: the dimension ids of one preparation. May import: units.
 */
import { dimensionsEqual, type Dimension } from '../../units';

/** Distinct dimension objects by id, and which pairs are equal (dimensionsEqual, asked once a pair). */
export class DimensionTable {
  private readonly ids = new Map<Dimension, number>();
  private readonly list: Dimension[] = [];
  /** Row a, column b: whether ids a and b are equal, once asked (rows and columns are few: ids are few). */
  private readonly equalPairs: (boolean | undefined)[][] = [];

  /** The id of a dimension object (the same object always gets the same id). */
  idOf(dimension: Dimension): number {
    let id = this.ids.get(dimension);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(dimension, id);
      this.list.push(dimension);
    }
    return id;
  }

  /** The dimension of an id. */
  dimension(id: number): Dimension {
    return this.list[id] as Dimension;
  }

  /** Whether the dimensions of two ids are equal. */
  equal(a: number, b: number): boolean {
    if (a === b) return true;
    // Not a Map keyed by a * 2^26 + b: past 16 ids that key is a heap number, allocated per call.
    const row = (this.equalPairs[a] ??= []);
    let same = row[b];
    if (same === undefined) row[b] = same = dimensionsEqual(this.list[a] as Dimension, this.list[b] as Dimension);
    return same;
  }
}
