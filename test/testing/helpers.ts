// Shared by the tests of cdr-engine/testing: the bundled libraries, the planted-fault libraries,
// merging many generated graphs into one document, and the size of a counterexample.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { RemovalGraphInput } from 'cdr-engine';
import { type BlueprintDefinition, type Methodology, parseMethodology, randomBlueprint } from 'cdr-engine/testing';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** A methodology file of the repository, parsed (throws when it is invalid). */
export function methodology(path: string): Methodology {
  const parsed = parseMethodology(read(path));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.issues.map((i) => i.message).join('; ')}`);
  return parsed.methodology;
}

export const BIOCHAR = methodology('../../examples/biochar.methodology.json');
export const WEATHERING = methodology('../../examples/enhanced-weathering.methodology.json');
export const FAULTS = {
  signError: methodology('../../examples/faults/sign-error.methodology.json'),
  hiddenConstant: methodology('../../examples/faults/hidden-constant.methodology.json'),
  nonMonotone: methodology('../../examples/faults/non-monotone.methodology.json'),
  poorLinearisation: methodology('../../examples/faults/poor-linearisation.methodology.json'),
} as const;

/** A fixed pool of random blueprints (unique keys), drawn once. */
export const RANDOM_POOL: readonly BlueprintDefinition[] = fc.sample(
  fc.uniqueArray(randomBlueprint(), { minLength: 24, maxLength: 24, selector: (b) => b.key }),
  { seed: 2024, numRuns: 1 },
)[0] as BlueprintDefinition[];

/**
 * Many graphs as one document: ids prefixed per graph, blueprints listed once by key (the graphs
 * must share their blueprints' definitions). The document is valid exactly when every graph is,
 * since every rule of a graph document is local to its records and the prefixes keep ids apart.
 */
export function mergeGraphs(graphs: readonly RemovalGraphInput[]): RemovalGraphInput {
  const blueprints = new Map<string, RemovalGraphInput['component_blueprints'][number]>();
  const merged: RemovalGraphInput = { component_blueprints: [], datapoints: [], components: [], ghg_entries: [] };
  graphs.forEach((g, k) => {
    const p = (id: string) => `g${k}_${id}`;
    for (const b of g.component_blueprints) {
      const known = blueprints.get(b.key);
      if (known !== undefined && known !== b) throw new Error(`two definitions of blueprint '${b.key}'`);
      blueprints.set(b.key, b);
    }
    merged.datapoints.push(...g.datapoints.map((d) => ({ ...d, id: p(d.id) })));
    merged.components.push(
      ...g.components.map((c) => ({
        ...c,
        id: p(c.id),
        inputs: c.inputs.map((i) => ({ ...i, datapoint_ids: (i.datapoint_ids ?? []).map(p) })),
      })),
    );
    merged.ghg_entries.push(
      ...g.ghg_entries.map((e) => ({
        ...e,
        id: p(e.id),
        component_attributions: e.component_attributions.map((a) => ({ ...a, component_id: p(a.component_id) })),
      })),
    );
  });
  return { ...merged, component_blueprints: [...blueprints.values()] };
}

/** Size of a graph document: its datapoints, components and entries. */
export function sizeOf(graph: RemovalGraphInput): number {
  return graph.datapoints.length + graph.components.length + graph.ghg_entries.length;
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
