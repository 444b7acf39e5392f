// Issue 33, "warnings that do not cry wolf": the realistic ranges (src/units/realistic-ranges.ts)
// give no `value_outside_realistic_range` warning on any bundled example or on the sandbox's demo
// world. The 10,000-entry generated graph is checked by `npm run check:warnings` (too slow here).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { safeEvaluateGraph } from '../../src';

const examples = new URL('../../examples/', import.meta.url);
const read = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'));

function rangeWarnings(document: unknown): string[] {
  const outcome = safeEvaluateGraph(document);
  if (!outcome.ok) throw new Error(outcome.issues.map((i) => i.message).join('\n'));
  return outcome.result.warnings.filter((w) => w.code === 'value_outside_realistic_range').map((w) => w.message);
}

interface World {
  readonly component_blueprints: readonly Record<string, unknown>[];
  readonly datapoints: readonly { id: string; display_name?: string; quantity: unknown }[];
  readonly components: readonly { id: string; blueprint_key: string; inputs: unknown }[];
}

/** The demo world's blueprints, datapoints and components as a graph, one entry attributing each component. */
function worldGraph(world: World): unknown {
  return {
    component_blueprints: world.component_blueprints,
    datapoints: world.datapoints.map((d) => ({ id: d.id, display_name: d.display_name, quantity: d.quantity })),
    components: world.components.map((c) => ({ id: c.id, blueprint_key: c.blueprint_key, inputs: c.inputs })),
    ghg_entries: world.components.map((c, i) => ({
      id: `rmv_WORLDCHECK${String(i).padStart(4, '0')}`,
      component_attributions: [{ component_id: c.id, attribution_factor: 1 }],
    })),
  };
}

describe('no value_outside_realistic_range on the bundled data', () => {
  const files = readdirSync(examples).filter((f) => f.endsWith('.json') && !f.endsWith('.methodology.json'));

  it('finds the graph examples', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files)('examples/%s', (file) => {
    expect(rangeWarnings(read(new URL(file, examples)))).toEqual([]);
  });

  it('worlds/demo.json: its components evaluate without the warning', () => {
    const world = read(new URL('../../worlds/demo.json', import.meta.url)) as World;
    expect(world.components.length).toBeGreaterThan(0);
    expect(rangeWarnings(worldGraph(world))).toEqual([]);
  });

  it('the check can fail: a value far outside its range warns', () => {
    const world = read(new URL('../../worlds/demo.json', import.meta.url)) as World;
    const far = {
      ...world,
      datapoints: world.datapoints.map((d) =>
        d.id === 'dtp_01JA0FIELDDISTANCE00' ? { ...d, quantity: { magnitude: 1e9, unit: 'km' } } : d,
      ),
    };
    expect(rangeWarnings(worldGraph(far)).length).toBe(1);
  });
});
