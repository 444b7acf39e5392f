/**
 * The sample-set phase of a preparation (docs/graph-document.md, "Sample sets"): each set's
 * columns name datapoints observed at the same sampling units (the rows). Every column has the
 * same number of rows n >= 2; a datapoint belongs to one set, once, and has no standard deviation,
 * distribution or correlation of its own. Rows are put in a canonical order (by the id of their
 * datapoint in the first column by name), columns by name, so that neither the figures nor the
 * bootstrap draws depend on the order in which the document writes them.
 *
 * First order: each datapoint's standard uncertainty is its column's sample standard deviation
 * (n - 1, SI), and two datapoints of one row are correlated with their columns' Pearson
 * correlation; Monte Carlo resamples the rows (monte-carlo/draws.ts). Internal to preparation.
 *
 * Owns: sample-set problems and the prepared sets. May import: datapoints.ts, correlations.ts
 * (types), context.ts, ../compare-strings.ts.
 */
import { compareStrings } from '../compare-strings';
import type { PreparedCorrelations } from './correlations';
import type { DatapointColumns } from './datapoints';
import { problem, type PrepareContext } from './context';

/** One column of a prepared sample set. */
export interface SampleColumn {
  readonly name: string;
  /** Datapoint index of each row, in the set's canonical row order. */
  readonly members: Int32Array;
  /** SI value of each row. */
  readonly values: Float64Array;
  /** The column's sample standard deviation (n - 1), SI. */
  readonly standardDeviation: number;
}

/**
 * A sample set: its id, its number of rows and its columns (by name).
 * @internal
 */
export interface PreparedSampleSet {
  readonly id: string;
  readonly rows: number;
  readonly columns: readonly SampleColumn[];
}

/** Where one datapoint is in the sets: set index, column name, row position in the document. */
interface Place {
  readonly set: number;
  readonly column: string;
  readonly row: number;
}

/** What the checks of every set share: the preparation, its datapoints, the places of the members read so far, the ids correlations name. */
interface SampleSetsRead {
  readonly context: PrepareContext;
  readonly datapoints: DatapointColumns;
  readonly places: Map<number, Place>;
  readonly correlated: ReadonlySet<string>;
}

/** One set being checked: its index in the document, its id and its column names in order. */
interface SampleSetRead {
  readonly set: number;
  readonly id: string;
  readonly names: readonly string[];
}

/** Checks the document's sample sets and reads their values (see the module comment); [] when it has none. */
export function prepareSampleSets(context: PrepareContext, datapoints: DatapointColumns): PreparedSampleSet[] {
  const declared = context.graph.sample_sets;
  if (declared === undefined || declared.length === 0) return [];
  const read: SampleSetsRead = { context, datapoints, places: new Map<number, Place>(), correlated: correlatedIds(context) };
  const ids = new Set<string>();
  const sets: PreparedSampleSet[] = [];
  declared.forEach((set, s) => {
    if (ids.has(set.id)) problem(context, ['sample_sets', s, 'id'], 'duplicate_id', `sample set id '${set.id}' is used more than once`);
    ids.add(set.id);
    const names = Object.keys(set.columns).sort(compareStrings);
    if (names.length === 0) {
      problem(context, ['sample_sets', s, 'columns'], 'sample_set_empty', `sample set '${set.id}' has no column`);
      return;
    }
    let ok = checkLengths(context, s, set.id, names, set.columns);
    const members = names.map((name) => {
      const column = set.columns[name] as readonly string[];
      return column.map((id, row) => {
        const d = memberOf(read, set.id, { set: s, column: name, row }, id);
        if (d < 0) ok = false;
        return d;
      });
    });
    if (ok && !checkUnits(read, { set: s, id: set.id, names }, members)) ok = false;
    if (ok) sets.push(preparedSet(datapoints, set.id, names, members));
  });
  return sets;
}

/** The ids named by the document's correlations. */
function correlatedIds(context: PrepareContext): Set<string> {
  const out = new Set<string>();
  for (const c of context.graph.correlations ?? []) for (const id of c.datapoint_ids) out.add(id);
  return out;
}

/** Whether every column of set s has as many rows as the first, and at least 2. */
function checkLengths(
  context: PrepareContext,
  s: number,
  setId: string,
  names: readonly string[],
  columns: Readonly<Record<string, readonly string[]>>,
): boolean {
  const first = names[0] as string;
  const n = (columns[first] as readonly string[]).length;
  let ok = true;
  for (const name of names) {
    const length = (columns[name] as readonly string[]).length;
    if (length !== n) {
      problem(
        context,
        ['sample_sets', s, 'columns', name],
        'sample_set_column_lengths',
        `sample set '${setId}' column '${name}' has ${length} rows but column '${first}' has ${n}; every column of a set has one datapoint per sampling unit`,
      );
      ok = false;
    }
  }
  if (n < 2) {
    problem(
      context,
      ['sample_sets', s, 'columns', first],
      'sample_set_too_few_rows',
      `sample set '${setId}' column '${first}' has ${n} row${n === 1 ? '' : 's'}; a sample standard deviation needs at least 2`,
    );
    ok = false;
  }
  return ok;
}

/** The datapoint index of the member of set `setId` at `place`, named `id`, or -1 (with the problem reported) when it cannot be one. */
function memberOf(read: SampleSetsRead, setId: string, place: Place, id: string): number {
  const { context, datapoints, places, correlated } = read;
  const path = ['sample_sets', place.set, 'columns', place.column, place.row];
  const where = `sample set '${setId}' column '${place.column}'`;
  const d = datapoints.index.get(id);
  if (d < 0) {
    problem(
      context,
      path,
      'unknown_datapoint',
      `${where} names datapoint '${id}', which the document does not define${context.hints.hint(id, datapoints.index.names())}`,
    );
    return -1;
  }
  const before = places.get(d);
  if (before !== undefined) {
    const setBefore = context.graph.sample_sets?.[before.set]?.id ?? '';
    problem(
      context,
      path,
      'sample_set_duplicate_datapoint',
      `${where} names datapoint '${id}', already in sample set '${setBefore}' column '${before.column}'; a datapoint belongs to one set, once`,
    );
    return -1;
  }
  places.set(d, place);
  let ok = true;
  const datapoint = context.graph.datapoints[d];
  const sd = datapoint?.quantity.standard_deviation;
  if (sd !== null && sd !== undefined) {
    problem(
      context,
      path,
      'sample_set_datapoint_standard_deviation',
      `${where} names datapoint '${id}', which has a standard deviation of its own; its column's sample standard deviation is its uncertainty (make standard_deviation null)`,
    );
    ok = false;
  }
  if (datapoint?.distribution !== undefined) {
    problem(
      context,
      path,
      'sample_set_datapoint_distribution',
      `${where} names datapoint '${id}', which has a distribution of its own; the set's rows are resampled instead`,
    );
    ok = false;
  }
  if (correlated.has(id)) {
    problem(
      context,
      path,
      'sample_set_datapoint_correlated',
      `${where} names datapoint '${id}', which a correlation also names; the correlations within a set come from its rows`,
    );
    ok = false;
  }
  return ok ? d : -1;
}

/** Whether the datapoints of each column have units of one dimension (unknown units were reported where defined). */
function checkUnits(read: SampleSetsRead, set: SampleSetRead, members: readonly (readonly number[])[]): boolean {
  const { context, datapoints } = read;
  const { set: s, id: setId, names } = set;
  let ok = true;
  names.forEach((name, j) => {
    const column = members[j] as readonly number[];
    const first = datapoints.dimension[column[0] as number] as number;
    if (first < 0) {
      ok = false;
      return;
    }
    column.forEach((d, row) => {
      const got = datapoints.dimension[d] as number;
      if (got < 0) ok = false;
      else if (got !== first && !context.dimensions.equal(got, first)) {
        problem(
          context,
          ['sample_sets', s, 'columns', name, row],
          'sample_set_column_units',
          `sample set '${setId}' column '${name}': datapoint '${datapoints.ids[d] as string}' has unit '${datapoints.units[d] as string}', of another dimension than '${datapoints.units[column[0] as number] as string}' of its first row`,
        );
        ok = false;
      }
    });
  });
  return ok;
}

/** The set with its rows in canonical order (by the id of the first column's datapoint) and each column's values and standard deviation. */
function preparedSet(
  datapoints: DatapointColumns,
  id: string,
  names: readonly string[],
  members: readonly (readonly number[])[],
): PreparedSampleSet {
  const key = members[0] as readonly number[];
  const n = key.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
    compareStrings(datapoints.ids[key[a] as number] as string, datapoints.ids[key[b] as number] as string),
  );
  const columns = names.map((name, j) => {
    const column = members[j] as readonly number[];
    return columnOf(
      datapoints,
      name,
      Int32Array.from(order, (i) => column[i] as number),
    );
  });
  return { id, rows: n, columns };
}

/** A column of the datapoints `rows`, with their SI values and its sample standard deviation. */
function columnOf(datapoints: DatapointColumns, name: string, rows: Int32Array): SampleColumn {
  const values = Float64Array.from(rows, (d) => datapoints.siMagnitudes[d] as number);
  return { name, members: rows, values, standardDeviation: sampleStandardDeviation(values) };
}

/**
 * The sets, each column read again from the datapoints when the SI value of one of its members
 * changed since the sets were prepared (`changed`: a difference in an offset unit, values.ts).
 */
export function rereadSampleSets(
  sets: readonly PreparedSampleSet[],
  datapoints: DatapointColumns,
  changed: ReadonlySet<number>,
): readonly PreparedSampleSet[] {
  if (changed.size === 0) return sets;
  return sets.map((set) =>
    set.columns.some((c) => c.members.some((d) => changed.has(d)))
      ? { ...set, columns: set.columns.map((c) => columnOf(datapoints, c.name, c.members)) }
      : set,
  );
}

/** The sample standard deviation (n - 1 in the denominator) of at least two values. */
export function sampleStandardDeviation(values: Float64Array): number {
  const n = values.length;
  // Deviations from the first value, so that n equal values give exactly 0.
  const shift = values[0] as number;
  let sum = 0;
  for (const v of values) sum += v - shift;
  const mean = sum / n;
  let m2 = 0;
  for (const v of values) m2 += (v - shift - mean) * (v - shift - mean);
  return Math.sqrt(m2 / (n - 1));
}

/** The Pearson correlation of two columns of equal length; 0 when either does not vary. */
export function pearsonCorrelation(x: Float64Array, y: Float64Array): number {
  const n = x.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += x[i] as number;
    sy += y[i] as number;
  }
  const mx = sx / n;
  const my = sy / n;
  let cxy = 0;
  let cxx = 0;
  let cyy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    cxy += dx * dy;
    cxx += dx * dx;
    cyy += dy * dy;
  }
  if (cxx === 0 || cyy === 0) return 0;
  return Math.max(-1, Math.min(1, cxy / Math.sqrt(cxx * cyy)));
}

/**
 * Gives every member of the sets its column's standard deviation (SI, and in its own unit) and
 * returns the correlations with the same-row pairs of each set added to the declared ones. The
 * added pairs join no copula group: Monte Carlo resamples the rows instead.
 */
export function applySampleSets(
  sets: readonly PreparedSampleSet[],
  datapoints: DatapointColumns,
  correlations: PreparedCorrelations,
): PreparedCorrelations {
  if (sets.length === 0) return correlations;
  const partners = new Map<number, { datapoint: number; coefficient: number }[]>();
  for (const [d, list] of correlations.partners) partners.set(d, [...list]);
  for (const set of sets) {
    for (const column of set.columns) {
      for (const d of column.members) {
        datapoints.siStandardDeviations[d] = column.standardDeviation;
        datapoints.standardDeviations[d] = column.standardDeviation / Math.abs(datapoints.siScales[d] as number);
      }
    }
    addRowPairs(set, partners);
  }
  return { partners, groups: correlations.groups };
}

/** The pairs of one set's rows: each two columns' members of a row, with the columns' Pearson correlation. */
function addRowPairs(set: PreparedSampleSet, partners: Map<number, { datapoint: number; coefficient: number }[]>): void {
  const { columns } = set;
  for (let a = 0; a < columns.length; a++) {
    for (let b = a + 1; b < columns.length; b++) {
      const ca = columns[a] as SampleColumn;
      const cb = columns[b] as SampleColumn;
      const r = pearsonCorrelation(ca.values, cb.values);
      if (r === 0) continue;
      for (let row = 0; row < set.rows; row++) {
        const x = ca.members[row] as number;
        const y = cb.members[row] as number;
        for (const [p, q] of [
          [x, y],
          [y, x],
        ] as const) {
          const list = partners.get(p) ?? [];
          list.push({ datapoint: q, coefficient: r });
          partners.set(p, list);
        }
      }
    }
  }
}
