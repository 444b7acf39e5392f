/**
 * Derivatives of the amortised project-component shares, for the policy `propagated` (docs/rules.md#statement-and-project-components):
 * a tonnage share under the cap is the statement's gross sequestration over the
 * project tonnage, so it depends on the statement's sequestration datapoints; a capped share is
 * what earlier shares left, so its derivative is minus theirs. Internal to accounting.
 */
import { attributionFactor, countsAsGrossSequestration, SHARE_STATE, type AmortisedShares } from '../amortisation';
import type { ComponentFigures } from './components';
import type { PreparedGraph } from '../prepare/prepared-graph';

/** Per share slot, its derivatives keyed by datapoint index; null where the share is constant. */
export type ShareGradients = readonly (Map<number, number> | null)[];

/** The derivatives of every amortised share (see the module comment). */
export function shareGradientsOf(prepared: PreparedGraph, amortised: AmortisedShares, components: ComponentFigures): ShareGradients {
  const grossGradients = prepared.statements.map((statement) => grossSequestrationGradient(prepared, statement.entries, components));
  const out = new Array<Map<number, number> | null>(prepared.shareSlotCount).fill(null);
  for (const amortisation of prepared.amortisations) {
    if (amortisation.strategy !== 'ESTIMATED_PROJECT_TONNAGE') continue;
    const cumulative = new Map<number, number>();
    for (const slot of amortisation.slots) {
      if (!((amortised.shares[slot.slot] as number) > 0)) continue;
      const state = amortised.state[slot.slot];
      let g: Map<number, number> | null = null;
      if (state === SHARE_STATE.computed) {
        g = new Map<number, number>();
        for (const [d, c] of grossGradients[slot.statement] ?? []) g.set(d, c / amortisation.estimatedGrossTonnageKg);
      } else if (state === SHARE_STATE.capped) {
        g = new Map<number, number>();
        for (const [d, c] of cumulative) g.set(d, -c);
      }
      if (g === null) continue;
      out[slot.slot] = g;
      for (const [d, c] of g) cumulative.set(d, (cumulative.get(d) ?? 0) + c);
    }
  }
  return out;
}

/** The derivatives of a statement's gross sequestration, keyed by datapoint index. */
function grossSequestrationGradient(prepared: PreparedGraph, entries: Int32Array, components: ComponentFigures): Map<number, number> {
  const noShares = new Float64Array(0);
  const { attributionStart, attributions } = prepared.entries;
  const { slots, slotStart } = prepared.components;
  const g = new Map<number, number>();
  for (const e of entries) {
    for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
      if (!countsAsGrossSequestration(prepared, a)) continue;
      const factor = attributionFactor(attributions, a, prepared.siMagnitudes, noShares);
      const c = attributions.component[a] as number;
      for (let k = slotStart[c] as number; k < (slotStart[c + 1] as number); k++) {
        const d = slots[k] as number;
        g.set(d, (g.get(d) ?? 0) + factor * (components.gradients[k] as number));
      }
      const fd = attributions.factorDatapoint[a] as number;
      if (fd >= 0) g.set(fd, (g.get(fd) ?? 0) + (components.values[c] as number));
    }
  }
  return g;
}
