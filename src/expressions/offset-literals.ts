/**
 * Unit literals in an offset unit (`20 degC`, `-5 degF`: docs/units.md, "Unit literals"), read as
 * Pint reads them: an absolute temperature, which may only be compared with a temperature, or added
 * to a difference, or subtracted from or by a temperature (absolute - absolute is a difference,
 * absolute +- difference is absolute). Anything else (multiplied, divided, raised, negated, an
 * argument, a branch, the whole value) would use its value in kelvin (283.15 K for 10 degC) where
 * a difference (10 K) was meant, so it is refused, with a message saying to write the difference
 * in kelvin. To tell an absolute temperature from a difference, each temperature of a formula
 * carries which it is, when that is known: an input is absolute unless declared `difference: true`,
 * a literal in kelvin (or delta_degC) is a difference, and the rules above combine them.
 *
 * Owns: the rules of offset-unit literals and the scale of temperatures. May import: units.
 */
import { type Dimension, dimension, dimensionsEqual } from '../units';
import { clip, type DimInfo, type TemperatureScale } from './compile-state';
import { type Formula, printFormula } from './formula';

const TEMPERATURE: Dimension = dimension({ temperature: 1 });

type Quantity = Extract<Formula, { kind: 'quantity' }>;

/** Whether `g` is a unit literal in an offset unit. */
function isOffsetLiteral(g: Formula | undefined): g is Quantity {
  return g !== undefined && g.kind === 'quantity' && g.offset !== 0;
}

/** The operands of `g` a literal could be, in order. */
function operands(g: Formula): readonly Formula[] {
  switch (g.kind) {
    case 'bin':
    case 'cmp':
      return [g.left, g.right];
    case 'neg':
      return [g.arg];
    case 'call':
      return g.args;
    case 'cond':
      return [g.then, g.otherwise];
    default:
      return [];
  }
}

function show(g: Formula): string {
  return `"${clip(printFormula(g))}"`;
}

/** A number for a message: `10`, not `9.999999999999943`. */
function short(value: number): string {
  return String(Number(value.toPrecision(12)));
}

/** How to write the literal instead, as a difference in kelvin (and as an absolute temperature, when `both`). */
function instead(literal: Quantity, both: boolean): string {
  const difference = `a difference in kelvin, (${short(literal.value - literal.offset)} K)`;
  return both ? `${difference}, or the temperature in kelvin, (${short(literal.value)} K)` : difference;
}

/** The message of an offset literal `literal` that `g` uses otherwise than Pint allows. */
function misuse(g: Formula, literal: Quantity, what: string, both = false): string {
  return `unit literal "${clip(literal.text)}" in ${show(g)} is an absolute temperature (its unit has an offset), which may only be compared with a temperature or added to or subtracted from one; ${what}: write ${instead(literal, both)}`;
}

/** What `g` does with its operand j (the offset literal), where that is never allowed. */
function useOf(g: Formula, j: number): string {
  switch (g.kind) {
    case 'neg':
      return 'here it is negated (-5 degC is written with the minus on the number)';
    case 'call':
      return `here it is an argument of ${g.fn}`;
    case 'cond':
      return 'here it is a branch of a conditional';
    case 'bin':
      if (g.op === '*') return 'here it is multiplied';
      if (g.op === '/') return j === 0 ? 'here it is divided' : 'here it divides';
      return j === 0 ? 'here it is raised to a power' : 'here it is an exponent';
    default:
      return 'here it is not';
  }
}

/**
 * Reports each offset-unit literal among the operands of `g` (whose infos are `infos`, in the
 * order of {@link operands}) that `g` uses otherwise than Pint allows; `report` takes the message.
 */
export function checkOffsetLiterals(g: Formula, infos: readonly DimInfo[], report: (message: string) => void): void {
  const parts = operands(g);
  // One message for a node, the first literal's: `(20 degC) + (30 degC)` is one mistake.
  parts.some((part, j) => {
    if (!isOffsetLiteral(part)) return false;
    const other = parts.length === 2 && g.kind !== 'cond' && g.kind !== 'call' ? parts[1 - j] : undefined;
    if (other === undefined || (g.kind === 'bin' && g.op !== '+' && g.op !== '-')) {
      report(misuse(g, part, useOf(g, j)));
      return true;
    }
    const info = infos[1 - j] ?? null;
    // A dimension that does not fit is reported by the dimension check.
    if (info === null || (!info.anyDim && !isTemperature(info.dim))) return false;
    const scale: TemperatureScale | undefined = info.anyDim ? 'difference' : info.temperature;
    const problem = pintRefusal(g, j, scale, other);
    if (problem !== undefined) report(misuse(g, part, problem, scale === undefined));
    return problem !== undefined;
  });
}

/** Whether `dim` is a temperature's (kelvin). */
export function isTemperature(dim: Dimension): boolean {
  return dimensionsEqual(dim, TEMPERATURE);
}

/** Why Pint refuses `g` (a comparison, + or -) of an offset literal (operand j) and a temperature of scale `scale`. */
function pintRefusal(g: Formula, j: number, scale: TemperatureScale | undefined, other: Formula): string | undefined {
  if (scale === undefined) return `whether ${show(other)} is an absolute temperature or a difference of two cannot be told`;
  if (g.kind === 'cmp') return scale === 'absolute' ? undefined : `here it is compared with the difference ${show(other)}`;
  if (g.kind === 'bin' && g.op === '+')
    return scale === 'difference' ? undefined : `here it is added to the absolute temperature ${show(other)}`;
  if (j === 1 && scale === 'difference') return `here it is subtracted from the difference ${show(other)}`;
  return undefined;
}

/**
 * Whether the value of `g`, of dimension `dim`, is an absolute temperature or a difference, from
 * its operands' (`infos`, in the order of {@link operands}); undefined when it is not a temperature
 * or that is not known. Inputs and expression results say it themselves (dimension-check.ts).
 */
export function temperatureScale(g: Formula, infos: readonly DimInfo[], dim: Dimension): TemperatureScale | undefined {
  if (!isTemperature(dim)) return undefined;
  const scales = infos.map((i) => (i === null ? undefined : i.anyDim ? 'difference' : i.temperature));
  const [a, b] = scales;
  switch (g.kind) {
    case 'quantity':
      return g.offset !== 0 ? 'absolute' : 'difference';
    case 'neg':
      return a === 'difference' ? 'difference' : undefined;
    case 'bin':
      return binaryScale(g.op, a, b, infos);
    case 'cond':
      return a === b ? a : undefined;
    case 'call': {
      const same = scales.every((s) => s === a) ? a : undefined;
      if (g.fn === 'abs' || g.fn === 'min' || g.fn === 'max' || g.fn === 'mean') return same;
      return g.fn === 'sum' && same === 'difference' ? 'difference' : undefined;
    }
    default:
      return undefined;
  }
}

/** Pint's rules: absolute - absolute = difference, absolute +- difference = absolute, a difference scaled is one. */
function binaryScale(
  op: string,
  a: TemperatureScale | undefined,
  b: TemperatureScale | undefined,
  infos: readonly DimInfo[],
): TemperatureScale | undefined {
  if (op === '+') return a === 'difference' ? b : b === 'difference' ? a : undefined;
  if (op === '-') return a === b ? (a === undefined ? undefined : 'difference') : b === 'difference' ? a : undefined;
  if (op !== '*' && op !== '/') return undefined;
  // A difference times or over a pure number is a difference.
  const pure = (i: DimInfo | undefined): boolean => i !== null && i !== undefined && (i.anyDim || i.dim.every((e) => e === 0));
  return (a === 'difference' && pure(infos[1])) || (op === '*' && b === 'difference' && pure(infos[0])) ? 'difference' : undefined;
}

/** Reports a whole formula that is an offset literal: its value in kelvin would be used as it stands. */
export function checkWholeOffsetLiteral(f: Formula, report: (message: string) => void): void {
  if (isOffsetLiteral(f)) report(misuse(f, f, 'here it is the whole value of the expression', true));
}
