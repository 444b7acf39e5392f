/**
 * The value phase of a preparation (docs/rules.md#units-and-quantity-kinds, docs/units.md "Physical bounds"): each
 * datapoint's value against the quantity kinds of the inputs it feeds. A value no quantity of its
 * kind can take is the problem `value_out_of_physical_range` (or a warning of that code, or nothing,
 * under the `physicalBounds` policy); a value outside the kind's realistic range, or a standard
 * deviation larger than the magnitude of a non-negative quantity, is a warning; so is a risk of
 * reversal strictly between 0 and 1 % (a fraction typed as a percentage?). Internal to preparation.
 *
 * Owns: the value problems, the document's warnings and the SI values of differences in an offset
 * unit (read by the scale alone, `readDifferences`). May import: model, units, the context, the
 * datapoint and component phases, value-checks.ts, prepared-graph.ts (types), ../result.ts and ../warnings.ts.
 */
import { formatIssuePath, type IssuePath } from '../../model/issues';
import type { QuantityKind } from '../../model/quantity-kinds';
import { isWithinPhysicalBounds, QUANTITY_KIND_PHYSICAL_BOUNDS, tryParseUnit } from '../../units';
import type { ValueCheck, ValueChecks } from './value-checks';
import { problem, type PrepareContext } from './context';
import type { DatapointKinds } from './components';
import type { DatapointColumns } from './datapoints';
import type { DocumentWarnings } from './prepared-graph';
import type { EvaluationWarning } from '../result';
import { sortWarnings } from '../warnings';

/**
 * Reads the value of each datapoint that feeds only inputs declared `difference: true` and has an
 * offset unit (`5 degC`) as a change: its SI value by the unit's scale alone, 5 K (docs/units.md,
 * "Differences in an offset unit"). A datapoint of an offset unit that feeds both a difference and
 * an input that is not one would be two values: the problem `unit_incompatible`. Returns the
 * datapoints whose SI value changed.
 */
export function readDifferences(
  context: PrepareContext,
  checks: ValueChecks,
  columns: DatapointColumns,
  kinds: DatapointKinds,
): Set<number> {
  const changed = new Set<number>();
  const n = kinds.first.length;
  for (let d = 0; d < n; d++) {
    const first = kinds.first[d] as number;
    if (first < 0) continue;
    const all = [first, ...(kinds.more.get(d) ?? [])].filter((k) => k >= 0).map((k) => checks.at(k));
    const difference = all.find((check) => check.difference);
    if (difference === undefined) continue;
    const offset = tryParseUnit(columns.units[d] as string)?.offset ?? 0;
    if (offset === 0) continue;
    const absolute = all.find((check) => !check.difference);
    if (absolute !== undefined) {
      const unit = columns.units[d] as string;
      const magnitude = columns.magnitudes[d] as number;
      const scale = columns.siScales[d] as number;
      problem(
        context,
        ['datapoints', d, 'quantity', 'unit'],
        'unit_incompatible',
        `datapoint '${columns.ids[d]}' (${magnitude} ${unit}) feeds an input of quantity kind '${difference.kind}' declared difference: true, where it is a change (${round(magnitude * scale)} K), and an input of quantity kind '${absolute.kind}' that is not, where it is an absolute value (${round(magnitude * scale + offset)} K): '${unit}' has an offset, so the two readings differ; give each input its own datapoint, or write the value in kelvin`,
      );
      continue;
    }
    columns.siMagnitudes[d] = (columns.magnitudes[d] as number) * (columns.siScales[d] as number);
    changed.add(d);
  }
  return changed;
}

/** A number for a message: `5`, not `4.999999999999999`. */
function round(value: number): number {
  return Number(value.toPrecision(12));
}

/** Checks every datapoint's value against its kinds and every entry's risk of reversal. */
export function checkValues(
  context: PrepareContext,
  checks: ValueChecks,
  datapoints: DatapointColumns,
  kinds: DatapointKinds,
  risks: readonly (number | null)[],
): DocumentWarnings {
  const byDatapoint = new Map<number, EvaluationWarning[]>();
  const n = kinds.first.length;
  // Nothing allocated for a datapoint without a warning (almost all): its list is made by its first warning.
  for (let d = 0; d < n; d++) {
    const first = kinds.first[d] as number;
    if (first < 0) continue;
    let found = checkKind(context, datapoints, d, checks.at(first), undefined);
    const more = kinds.more.get(d);
    if (more !== undefined) for (const k of more) found = checkKind(context, datapoints, d, checks.at(k), found);
    if (found !== undefined) byDatapoint.set(d, found);
  }
  const byEntry = new Map<number, EvaluationWarning[]>();
  for (let e = 0; e < risks.length; e++) {
    const risk = risks[e];
    if (typeof risk === 'number' && risk > 0 && risk < 1) byEntry.set(e, [riskWarning(e, risk)]);
  }
  const silenced = context.policies.silencedWarnings;
  if (silenced.length > 0) {
    for (const map of [byDatapoint, byEntry]) {
      for (const [key, warnings] of map) {
        const kept = warnings.filter((w) => !silenced.includes(w.code));
        if (kept.length === 0) map.delete(key);
        else map.set(key, kept);
      }
    }
  }
  const all = sortWarnings([...byDatapoint.values(), ...byEntry.values()].flat());
  return { all, byDatapoint, byEntry };
}

/**
 * Checks datapoint d's value against one value check: its kind's physical bounds and realistic
 * range (the input's own, when it has one); for a difference input, both on the absolute value
 * and only the upper end of the range (a small change is never implausible). Returns `found`
 * with the warnings added (a new list when `found` is undefined and there are some).
 */
function checkKind(
  context: PrepareContext,
  columns: DatapointColumns,
  d: number,
  check: ValueCheck,
  found: EvaluationWarning[] | undefined,
): EvaluationWarning[] | undefined {
  const { kind, difference, range } = check;
  const si = difference ? Math.abs(columns.siMagnitudes[d] as number) : (columns.siMagnitudes[d] as number);
  if (!isWithinPhysicalBounds(kind, si)) {
    const policy = context.policies.physicalBounds;
    const message = outOfBoundsMessage(columns, d, kind, difference);
    if (policy === 'error') problem(context, magnitudePath(d), 'value_out_of_physical_range', message);
    else if (policy === 'warning')
      (found ??= []).push({ path: formatIssuePath(magnitudePath(d)), code: 'value_out_of_physical_range', message });
    return found; // an impossible value is not also unrealistic
  }
  const bounds = QUANTITY_KIND_PHYSICAL_BOUNDS[kind];
  const size = check.absolute ? Math.abs(si) : si;
  // Zero of a non-negative kind is "none of it" (no diesel burnt), a report rather than a slip; zero
  // of a signed kind whose range bounds sizes (a zero intercept, no current) is a value like any.
  const none = si === 0 && (bounds.min === 0 || check.absolute);
  const below = !difference && size < range.min - 1e-12 * Math.abs(range.min);
  if (!none && (below || size > range.max + 1e-12 * Math.abs(range.max))) {
    const whose = check.owner === '' ? `quantity kind '${kind}'` : `${check.owner} (quantity kind '${kind}')`;
    const what = difference
      ? `of absolute value above the realistic range of the difference ${whose} (${rangeText(columns, d, check)})`
      : `${check.absolute ? 'of absolute value ' : ''}outside the realistic range of ${whose} (${rangeText(columns, d, check)})`;
    (found ??= []).push({
      path: formatIssuePath(magnitudePath(d)),
      code: 'value_outside_realistic_range',
      message: `datapoint '${columns.ids[d]}' is ${given(columns, d)}, ${what}; check its magnitude and unit`,
    });
  }
  const sd = columns.siStandardDeviations[d] as number;
  if (!difference && bounds.min !== null && bounds.min >= 0 && sd > Math.abs(si)) {
    (found ??= []).push({
      path: formatIssuePath(['datapoints', d, 'quantity', 'standard_deviation']),
      code: 'standard_deviation_exceeds_magnitude',
      message: `datapoint '${columns.ids[d]}' has standard deviation ${columns.standardDeviations[d]} ${unitText(columns, d)}, larger than its magnitude ${columns.magnitudes[d]}, although quantity kind '${kind}' cannot be negative; is it a variance, or in another unit?`,
    });
  }
  return found;
}

/** The path of datapoint d's magnitude. */
function magnitudePath(d: number): IssuePath {
  return ['datapoints', d, 'quantity', 'magnitude'];
}

/** Why datapoint d cannot be a quantity of `kind`, with the bound in the datapoint's own unit. */
function outOfBoundsMessage(columns: DatapointColumns, d: number, kind: QuantityKind, difference: boolean): string {
  const { min, max, reason } = QUANTITY_KIND_PHYSICAL_BOUNDS[kind];
  const si = difference ? Math.abs(columns.siMagnitudes[d] as number) : (columns.siMagnitudes[d] as number);
  const below = min !== null && si < min;
  const bound = (below ? min : max) as number;
  const scale = columns.siScales[d] as number;
  const offset = (columns.siMagnitudes[d] as number) - (columns.magnitudes[d] as number) * scale;
  const inUnit = Number(((bound - offset) / scale).toPrecision(12));
  const side = below ? `below the physical bound ${inUnit}` : `above the physical bound ${inUnit}`;
  // A fraction written as a percentage without its unit: 98 with '' is 9,800 %.
  const percent = max === 1 && scale === 1 && si > 1 && si <= 100 ? `; did you mean ${columns.magnitudes[d]} %?` : '';
  const absolute = difference ? 'in absolute value (a difference) ' : '';
  return `datapoint '${columns.ids[d]}' is ${given(columns, d)}, ${absolute}${side} ${unitText(columns, d)} of quantity kind '${kind}' (${reason})${percent}`;
}

/**
 * A value check's realistic range in datapoint d's own unit, then as the range table (or the
 * input's own range) writes it when that unit is another: `0.01 to 50 MWh, that is 10 to 50000 kWh`.
 * A difference has only an upper end (`up to ...`).
 */
function rangeText(columns: DatapointColumns, d: number, check: ValueCheck): string {
  const r = check.written;
  const span = (min: number, max: number, unit: string) => (check.difference ? `up to ${max} ${unit}` : `${min} to ${max} ${unit}`);
  const table = span(r.min, r.max, r.unit);
  if ((columns.units[d] as string) === r.unit) return table;
  const inUnit = (v: number) => Number(((v - datapointOffset(columns, d)) / (columns.siScales[d] as number)).toPrecision(6));
  return `${span(inUnit(check.range.min), inUnit(check.range.max), unitText(columns, d))}, that is ${table}`;
}

/** The offset of datapoint d's unit (a temperature in °C): SI value = magnitude * scale + offset. */
function datapointOffset(columns: DatapointColumns, d: number): number {
  return (columns.siMagnitudes[d] as number) - (columns.magnitudes[d] as number) * (columns.siScales[d] as number);
}

/** Datapoint d's magnitude and unit as written, e.g. `-12 t` or `98 ''`. */
function given(columns: DatapointColumns, d: number): string {
  return `${columns.magnitudes[d]} ${unitText(columns, d)}`;
}

function unitText(columns: DatapointColumns, d: number): string {
  const unit = columns.units[d] as string;
  return unit.trim() === '' ? "'' (dimensionless)" : unit;
}

/** The warning of a risk of reversal strictly between 0 and 1 (percent). */
function riskWarning(e: number, risk: number): EvaluationWarning {
  const percent = Number((risk * 100).toPrecision(12));
  return {
    path: formatIssuePath(['ghg_entries', e, 'risk_of_reversal_percentage']),
    code: 'risk_of_reversal_fraction_suspected',
    message: `risk_of_reversal_percentage is ${risk}, that is ${risk} %, below 1 %: if ${risk} is a fraction, did you mean ${percent} %? (write ${percent})`,
  };
}
