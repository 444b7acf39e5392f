/**
 * Sample sets in generated graphs (`graphOf`'s option `sampleSets`, docs/testing.md): the LIST
 * inputs of a component whose datapoints are its own (fresh, not reused) become the columns of a
 * sample set, one per component, its columns the LIST inputs of the first one's length; their
 * datapoints lose their own standard deviation and distribution, as a set requires
 * (docs/graph-document.md, "Sample sets"). A function of the written document, so the graph
 * still shrinks like its plan. May import: model.
 */
import type { GraphComponent, GraphDatapoint, GraphSampleSet, RemovalGraphInput } from '../../model/graph';

/** The document with a sample set over the LIST inputs of every component that has fresh ones. */
export function withSampleSets(document: RemovalGraphInput, listInputs: ReadonlyMap<string, ReadonlySet<string>>): RemovalGraphInput {
  const uses = new Map<string, number>();
  for (const component of document.components)
    for (const input of component.inputs) for (const id of input.datapoint_ids ?? []) uses.set(id, (uses.get(id) ?? 0) + 1);
  const members = new Set<string>();
  const sets: GraphSampleSet[] = [];
  for (const component of document.components) {
    const set = setOf(component, listInputs.get(component.blueprint_key), uses);
    if (set === null) continue;
    for (const ids of Object.values(set.columns)) for (const id of ids) members.add(id);
    sets.push(set);
  }
  if (sets.length === 0) return document;
  const datapoints = document.datapoints.map((d): GraphDatapoint => {
    if (!members.has(d.id)) return d;
    const { distribution: _, ...rest } = d;
    return { ...rest, quantity: { ...d.quantity, standard_deviation: null } };
  });
  return { ...document, datapoints, sample_sets: sets };
}

/** The sample set of one component, or null when it has no LIST input of two or more fresh datapoints. */
function setOf(
  component: GraphComponent,
  lists: ReadonlySet<string> | undefined,
  uses: ReadonlyMap<string, number>,
): GraphSampleSet | null {
  if (lists === undefined) return null;
  const columns: Record<string, string[]> = {};
  let rows = -1;
  for (const input of component.inputs) {
    const ids = input.datapoint_ids ?? [];
    if (!lists.has(input.input_key) || ids.length < 2) continue;
    if (new Set(ids).size !== ids.length || ids.some((id) => uses.get(id) !== 1)) continue;
    if (rows >= 0 && ids.length !== rows) continue;
    rows = ids.length;
    columns[input.input_key] = [...ids];
  }
  return rows < 0 ? null : { id: `set_${component.id}`, columns };
}
