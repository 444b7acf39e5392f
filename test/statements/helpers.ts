// Builders for graph documents with statements and projects, used across test/statements.
import type { RemovalGraphInput } from '../../src';

export const dtp = (name: string) => `dtp_${name.padEnd(16, '_')}`;
export const cmp = (name: string) => `cmp_${name.padEnd(16, '_')}`;
export const rmv = (name: string) => `rmv_${name.padEnd(16, '_')}`;
export const ggs = (name: string) => `ggs_${name.padEnd(16, '_')}`;
export const prj = (name: string) => `prj_${name.padEnd(16, '_')}`;

type Blueprint = RemovalGraphInput['component_blueprints'][number];

/** A blueprint whose value is one mass datapoint, of the given type. */
export function massBlueprint(key: string, type: string): Blueprint {
  return {
    key,
    type: type as 'SEQUESTRATION',
    inputs: [{ input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' }],
    expressions: [{ key: 'result', template: '{m}', inputs: [{ template_key: 'm', input_key: 'mass', type: 'DATAPOINT' }] }],
  };
}

/** The blueprints every helper graph has: `seq` (SEQUESTRATION) and `emit` (ACTIVITY), both `{m}`. */
export const BLUEPRINTS: Blueprint[] = [massBlueprint('seq', 'SEQUESTRATION'), massBlueprint('emit', 'ACTIVITY')];

export function datapoint(name: string, magnitude: number, unit = 't', sd: number | null = null, justification?: string) {
  return {
    id: dtp(name),
    quantity: { magnitude, unit, standard_deviation: sd },
    ...(justification === undefined ? {} : { uncertainty_justification: justification }),
  };
}

/** A one-input component of blueprint `seq` or `emit` fed by datapoint `name`. */
export function massComponent(name: string, blueprintKey: 'seq' | 'emit', datapointName = name) {
  return { id: cmp(name), blueprint_key: blueprintKey, inputs: [{ input_key: 'mass', datapoint_ids: [dtp(datapointName)] }] };
}

export function entry(name: string, attributions: Record<string, number>, risk: number | null = 5) {
  return {
    id: rmv(name),
    risk_of_reversal_percentage: risk,
    component_attributions: Object.entries(attributions).map(([c, f]) => ({ component_id: cmp(c), attribution_factor: f })),
  };
}

export function statement(name: string, entries: string[], extra: Record<string, unknown> = {}) {
  return {
    id: ggs(name),
    project_id: prj('p'),
    reporting_period_start_at: '2025-01-01',
    reporting_period_end_at: '2025-06-30',
    removal_ids: entries.map(rmv),
    ...extra,
  };
}

/**
 * Entries e0 and e1, each attributed whole to its component s0 / s1, in statement 'a' of project p,
 * whose 800 t estimated tonnage shares the project-level emission component x between them.
 */
export function twoEntriesSharingProjectEmission() {
  return {
    ghg_entries: [entry('e0', { s0: 1 }, null), entry('e1', { s1: 1 }, null)],
    ghg_statements: [statement('a', ['e0', 'e1'])],
    projects: [
      {
        id: prj('p'),
        estimated_gross_tonnage_kg: 800_000,
        components: [{ component_id: cmp('x'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' }],
      },
    ],
  };
}

/**
 * One project, `n` entries each sequestering `sizes[i]` t through its own component, grouped in
 * one statement, plus whatever the caller adds.
 */
export function statementGraph(sizes: number[], extra: Partial<RemovalGraphInput> & Record<string, unknown> = {}): RemovalGraphInput {
  const names = sizes.map((_, i) => `e${i}`);
  return {
    component_blueprints: BLUEPRINTS,
    datapoints: sizes.map((t, i) => datapoint(`s${i}`, t)),
    components: sizes.map((_, i) => massComponent(`s${i}`, 'seq')),
    ghg_entries: names.map((n, i) => entry(n, { [`s${i}`]: 1 })),
    ghg_statements: [statement('a', names)],
    ...extra,
  } as RemovalGraphInput;
}
