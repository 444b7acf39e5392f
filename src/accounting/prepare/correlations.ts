/**
 * The correlation phase of a preparation (docs/graph-document.md, "Correlations"): each declared
 * pair names two distinct datapoints with standard deviations, a coefficient in [-1, 1] and is
 * declared once; the correlation matrix of every group of datapoints linked by pairs must be
 * positive semidefinite. Groups list their members by id, so that neither the figures nor the
 * Monte Carlo draws depend on the order of the document. Internal to preparation.
 *
 * Owns: correlation problems and the prepared correlations. May import: uncertainty,
 * datapoints.ts and context.ts.
 */
import { choleskyOfCorrelation } from '../../uncertainty/correlation';
import { compareStrings } from '../compare-strings';
import type { DatapointColumns } from './datapoints';
import { problem, type PrepareContext } from './context';

/** A group of datapoints linked by correlations, members by id, with the Cholesky factor of their matrix. */
export interface CorrelationGroup {
  /** Datapoint indices, ordered by id. */
  readonly members: readonly number[];
  /** Lower-triangular L (row-major, members x members) with L L^T the group's correlation matrix. */
  readonly cholesky: Float64Array;
}

/**
 * The valid correlations of a graph: the pairs (datapoint indices and coefficient), each
 * correlated datapoint's partners, and the linked groups.
 * @internal
 */
export interface PreparedCorrelations {
  /** For each correlated datapoint, its partners and their coefficients. */
  readonly partners: ReadonlyMap<number, readonly { readonly datapoint: number; readonly coefficient: number }[]>;
  readonly groups: readonly CorrelationGroup[];
}

/** No correlation: what a document without `correlations` prepares to. */
export const NO_CORRELATIONS: PreparedCorrelations = { partners: new Map(), groups: [] };

/** Checks the document's correlations (see the module comment). */
export function prepareCorrelations(context: PrepareContext, datapoints: DatapointColumns): PreparedCorrelations {
  const declared = context.graph.correlations;
  if (declared === undefined || declared.length === 0) return NO_CORRELATIONS;
  const partners = new Map<number, { datapoint: number; coefficient: number }[]>();
  const seen = new Set<string>();
  declared.forEach((correlation, i) => {
    const pair = validPair(context, datapoints, correlation.datapoint_ids, correlation.coefficient, i);
    if (pair === null) return;
    const [a, b] = pair;
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (seen.has(key)) {
      problem(
        context,
        ['correlations', i],
        'duplicate_correlation',
        `the correlation of '${correlation.datapoint_ids[0]}' and '${correlation.datapoint_ids[1]}' is declared more than once`,
      );
      return;
    }
    seen.add(key);
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = partners.get(x) ?? [];
      list.push({ datapoint: y, coefficient: correlation.coefficient });
      partners.set(x, list);
    }
  });
  return { partners, groups: linkedGroups(context, datapoints, partners) };
}

/** The pair's datapoint indices, or null (with the problems reported) when it is not valid. */
function validPair(
  context: PrepareContext,
  datapoints: DatapointColumns,
  ids: readonly [string, string],
  coefficient: number,
  i: number,
): [number, number] | null {
  let ok = true;
  const indices = ids.map((id, j) => {
    const d = datapoints.index.get(id);
    if (d < 0) {
      problem(
        context,
        ['correlations', i, 'datapoint_ids', j],
        'unknown_datapoint',
        `correlation ${i} names datapoint '${id}', which the document does not define${context.hints.hint(id, datapoints.index.names())}`,
      );
      ok = false;
    } else if (Number.isNaN(datapoints.standardDeviations[d] as number)) {
      problem(
        context,
        ['correlations', i, 'datapoint_ids', j],
        'correlation_without_standard_deviation',
        `correlation ${i} names datapoint '${id}', which has no standard deviation`,
      );
      ok = false;
    }
    return d;
  }) as [number, number];
  if (ids[0] === ids[1]) {
    problem(
      context,
      ['correlations', i, 'datapoint_ids'],
      'correlation_same_datapoint',
      `correlation ${i} correlates datapoint '${ids[0]}' with itself; a datapoint used twice is already one variable`,
    );
    ok = false;
  }
  if (!(Number.isFinite(coefficient) && Math.abs(coefficient) <= 1)) {
    problem(
      context,
      ['correlations', i, 'coefficient'],
      'invalid_correlation',
      `correlation ${i} of '${ids[0]}' and '${ids[1]}' has coefficient ${String(coefficient)}; it must be in [-1, 1]`,
    );
    ok = false;
  }
  return ok ? indices : null;
}

/** The groups of datapoints linked by correlations, each checked to be positive semidefinite. */
function linkedGroups(
  context: PrepareContext,
  datapoints: DatapointColumns,
  partners: ReadonlyMap<number, readonly { datapoint: number; coefficient: number }[]>,
): CorrelationGroup[] {
  const visited = new Set<number>();
  const groups: CorrelationGroup[] = [];
  const byId = (x: number, y: number): number => compareStrings(datapoints.ids[x] as string, datapoints.ids[y] as string);
  for (const start of [...partners.keys()].sort(byId)) {
    if (visited.has(start)) continue;
    const members: number[] = [];
    const stack = [start];
    visited.add(start);
    while (stack.length > 0) {
      const d = stack.pop()!;
      members.push(d);
      for (const p of partners.get(d) ?? [])
        if (!visited.has(p.datapoint)) {
          visited.add(p.datapoint);
          stack.push(p.datapoint);
        }
    }
    members.sort(byId);
    const k = members.length;
    const matrix = new Float64Array(k * k);
    const position = new Map(members.map((d, i) => [d, i]));
    for (let i = 0; i < k; i++) {
      matrix[i * k + i] = 1;
      for (const p of partners.get(members[i] as number) ?? []) matrix[i * k + (position.get(p.datapoint) as number)] = p.coefficient;
    }
    const cholesky = choleskyOfCorrelation(matrix, k);
    if (cholesky === null) {
      const names = members.map((d) => `'${datapoints.ids[d] as string}'`).join(', ');
      problem(
        context,
        ['correlations'],
        'correlation_not_positive_semidefinite',
        `the correlations of the group ${names} do not form a positive semidefinite matrix: no joint distribution has them`,
      );
      continue;
    }
    groups.push({ members, cholesky });
  }
  return groups;
}
