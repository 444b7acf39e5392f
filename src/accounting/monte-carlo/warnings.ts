/**
 * The warnings of a Monte Carlo evaluation (docs/errors.md): `monte_carlo_invalid_draws` names the
 * first expression that was not finite in an entry's first invalid draw and the datapoints it read
 * there; `first_order_discount_not_conservative` says when the first-order net after discount is
 * above the upper end of the Monte Carlo 16th percentile's 99.9 % confidence interval. Internal to
 * accounting.
 */
import type { CompiledBlueprint } from '../../expressions';
import { BLOCK_DRAWS } from './draws';
import type { MonteCarloSettings } from './settings';
import type { NetSampler } from './nets';
import type { PreparedGraph } from '../prepare/prepared-graph';
import type { EvaluationWarning } from '../result';

/** The warning of entry e's invalid draws (`values`: its draws, NaN for an invalid one). */
export function invalidDrawWarning(
  prepared: PreparedGraph,
  settings: MonteCarloSettings,
  sampler: NetSampler,
  e: number,
  values: Float64Array,
): EvaluationWarning {
  let invalid = 0;
  let first = -1;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isNaN(values[i] as number)) continue;
    invalid++;
    if (first < 0) first = i;
  }
  const id = prepared.entries.ids[e] as string;
  const where = first < 0 ? '' : `; ${culpritOf(prepared, settings, sampler, e, first)}`;
  return {
    path: `ghg_entries[${e}]`,
    code: 'monte_carlo_invalid_draws',
    message: `${invalid} of ${values.length} Monte Carlo draws of entry '${id}' give a net that is not finite and are left out of its summary${where}`,
  };
}

/** Which component and expression failed in draw `draw` of entry e, and the datapoint values it read. */
function culpritOf(prepared: PreparedGraph, settings: MonteCarloSettings, sampler: NetSampler, e: number, draw: number): string {
  const block = Math.floor(draw / BLOCK_DRAWS);
  const i = draw - block * BLOCK_DRAWS;
  const range = sampler.rangeOf(e, e + 1);
  const total = settings.samples ?? settings.maxSamples;
  sampler.sample(range, block, block + 1, Math.max(total, (block + 1) * BLOCK_DRAWS), [new Float64Array(BLOCK_DRAWS)], block);
  const { attributionStart, attributions } = prepared.entries;
  const { slots, slotStart, inputStart, blueprint, ids } = prepared.components;
  for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
    const c = attributions.component[a] as number;
    if (Number.isFinite(sampler.componentDrawsOf(c)?.[i] as number)) continue;
    const base = slotStart[c] as number;
    const values = new Float64Array((slotStart[c + 1] as number) - base);
    const read: string[] = [];
    for (let k = 0; k < values.length; k++) {
      const d = slots[base + k] as number;
      values[k] = sampler.drawsOf(d)?.[i] ?? (prepared.siMagnitudes[d] as number);
      read.push(`'${prepared.datapointIds[d] as string}' = ${String(values[k])} (SI)`);
    }
    const compiled = blueprint[c] as CompiledBlueprint;
    const results = compiled.evaluateExpressions(values, inputStart[c] as Int32Array);
    const failed = compiled.expressions.findIndex((_, x) => !Number.isFinite(results[x] as number));
    const expression = compiled.expressions[failed < 0 ? compiled.expressions.length - 1 : failed]!;
    return `first in draw ${draw}: expression '${expression.key}' (${expression.template}) of component '${ids[c] as string}' (blueprint '${compiled.key}') with ${read.join(', ')}`;
  }
  return `first in draw ${draw}: the sum of its components overflows`;
}

/**
 * The warning of an entry whose first-order net after discount is above what the Monte Carlo 16th
 * percentile allows within its sampling error; null when it is not.
 */
export function firstOrderWarning(
  prepared: PreparedGraph,
  e: number,
  firstOrderNetAfterDiscount: number,
  percentile16: number,
  percentile16High: number,
): EvaluationWarning | null {
  if (!(firstOrderNetAfterDiscount > percentile16High)) return null;
  const id = prepared.entries.ids[e] as string;
  return {
    path: `ghg_entries[${e}]`,
    code: 'first_order_discount_not_conservative',
    message: `the first-order net after discount of entry '${id}' (${firstOrderNetAfterDiscount} kg) is above the Monte Carlo 16th percentile (${percentile16} kg, at most ${percentile16High} kg within its 99.9 % confidence interval): the linearisation understates the spread; consider discountMethod 'monte_carlo'`,
  };
}
