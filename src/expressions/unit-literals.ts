/**
 * Unit literals of a formula (docs/units.md, "Unit literals"; docs/rules.md, "Formula language,
 * added"): a number followed by a unit the unit reader accepts (`1 g/cm^3`, `0.0673 kg`, `(1 cm)`),
 * converted to SI once, so that an empirical formula states its units. They are found in the
 * formula's text before mathjs reads it, and the unit's text is read by the engine's unit reader
 * alone (src/units: where the unit ends, then its value), so that a literal accepts exactly the
 * spellings a datapoint's unit may have (`µg`, `kg/m³`, `°C`, `‰`, `g/cm**3`, `t / kg`, `%`).
 * formula.ts then gives mathjs one symbol in place of each literal.
 *
 * Where the formula's own operators could group a literal otherwise than the literal reads, the
 * literal is refused with a message saying how to write it (the rules of docs/units.md): never a
 * different unit read silently. A minus directly before the number belongs to it when it is a sign
 * (`{T} > -5 degC` is -5 degC, 268.15 K; an offset unit is not negated, dimension-check.ts).
 *
 * Owns: finding and reading the unit literals of a formula's text. May import: units.
 */
import { type Dimension, isUnitError, parseUnit } from '../units';
import { literalUnitText } from '../units/unit-parser';
import { scaledBy } from '../units/si-value';

/** A unit literal read: its SI value, dimension and text; `offset`: its unit's SI offset (degC: 273.15 K), else 0. */
export interface UnitLiteral {
  readonly value: number;
  readonly dim: Dimension;
  readonly text: string;
  readonly offset: number;
}

/** A unit literal found in a formula's text: where it is, its text, and its reading or why it is refused. */
export interface FoundLiteral {
  /** Start (the sign, when it has one) and end (exclusive) in the formula's text. */
  readonly start: number;
  readonly end: number;
  /** The number and the unit, as written (`-5 degC`, `1 g/cm^3`). */
  readonly text: string;
  readonly reading: UnitLiteral | string;
}

const VARIABLE = /\{[A-Za-z_][A-Za-z0-9_]*\}/y;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
/** A character of a name of mathjs or of a unit. */
const NAME_CHAR = /[\p{L}\p{Nd}_$\u00B0\u221E]/u;
/** After these (or at the start) a `-` or `+` is a sign, not a subtraction or an addition. */
const OPERATOR_BEFORE_SIGN = '(,[;+-*/^<>=?:&|~';

/** The unit literals of a formula's text, in order. */
export function findUnitLiterals(template: string): FoundLiteral[] {
  const found: FoundLiteral[] = [];
  let i = 0;
  while (i < template.length) {
    const c = template[i] as string;
    const skipped = skip(template, i, c);
    if (skipped > i) {
      i = skipped;
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(template);
    if (number === null) {
      i++;
      continue;
    }
    const numberEnd = i + number[0].length;
    let unitStart = numberEnd;
    while (template[unitStart] === ' ' || template[unitStart] === '\t') unitStart++;
    const unit = literalUnitText(template, unitStart);
    if (unit.end > unitStart) {
      const signed = template[i - 1] === '-' && isSign(template, i - 1);
      found.push(readLiteral(template, signed ? i - 1 : i, number[0], unit, unitStart));
      i = unit.end;
    } else {
      i = numberEnd;
    }
  }
  return found;
}

/** Past a variable, a name, a string or a number in another base (`0x1F`) at i; i when none starts there. */
function skip(template: string, i: number, c: string): number {
  if (c === '{') {
    VARIABLE.lastIndex = i;
    return VARIABLE.test(template) ? VARIABLE.lastIndex : i;
  }
  if (c === '"' || c === "'") {
    const close = template.indexOf(c, i + 1);
    return close < 0 ? i : close + 1;
  }
  const radix = c === '0' && /[box]/.test(template[i + 1] ?? '') && NAME_CHAR.test(template[i + 2] ?? '');
  if (radix || (NAME_CHAR.test(c) && !/\d/.test(c))) {
    let j = i + 1;
    while (j < template.length && NAME_CHAR.test(template[j] as string)) j++;
    return j;
  }
  return i;
}

/** The non-blank character before position `at`, and its position (-1 and '' at the start). */
function before(template: string, at: number): { readonly char: string; readonly index: number } {
  let j = at - 1;
  while (j >= 0 && /\s/.test(template[j] as string)) j--;
  return { char: j < 0 ? '' : (template[j] as string), index: j };
}

/** Whether the `-` or `+` at `at` is a sign (nothing, or an operator, before it). */
function isSign(template: string, at: number): boolean {
  const { char } = before(template, at);
  return char === '' || OPERATOR_BEFORE_SIGN.includes(char);
}

/** The literal from `start` (its sign or number) to the unit's end, read, or refused with the reason. */
function readLiteral(
  template: string,
  start: number,
  numberText: string,
  unit: ReturnType<typeof literalUnitText>,
  unitStart: number,
): FoundLiteral {
  const unitText = template.slice(unitStart, unit.end);
  const negative = template[start] === '-';
  const text = `${negative ? '-' : ''}${numberText} ${unitText}`;
  const refusal = ambiguity(template, start, unit, text);
  const found = { start, end: unit.end, text };
  if (refusal !== undefined) return { ...found, reading: refusal };
  try {
    const parsed = parseUnit(unitText);
    const value = scaledBy((negative ? -1 : 1) * Number(numberText), parsed.scale) + parsed.offset;
    if (!Number.isFinite(value)) return { ...found, reading: `the value of ${text} in SI is not a finite number` };
    return { ...found, reading: { value, dim: parsed.dimension, text, offset: parsed.offset } };
  } catch (error) {
    if (isUnitError(error)) return { ...found, reading: error.message };
    throw error;
  }
}

/**
 * Why the formula's operators around the literal make it ambiguous (docs/units.md, "Unit
 * literals"), or undefined. mathjs binds `^` tighter than a literal, and a juxtaposition tighter
 * than `/`; it reads `number / number unit` as (number / number) unit, `%` before a value as its
 * modulo, and a name before `(` as a call.
 */
function ambiguity(template: string, start: number, unit: ReturnType<typeof literalUnitText>, text: string): string | undefined {
  const operator = operatorBefore(template, start);
  let next = unit.end;
  while (next < template.length && /\s/.test(template[next] as string)) next++;
  const after = template[next] ?? '';
  const valueAfter = startsValue(after);
  const valueBefore = !(before(template, start).char === '' || OPERATOR_BEFORE_SIGN.includes(before(template, start).char));
  if (operator.char === '^')
    return `a literal directly after "^" is ambiguous (is the exponent the number alone, or the literal?): write the exponent in parentheses, ^ (${text})`;
  if (after === '^')
    return `a literal directly before "^" is ambiguous: write (${text}) ^ ... to raise the literal, or the power in its unit (2 m^2)`;
  if (operator.char === '/' && unit.compound)
    return `a literal with a compound unit directly after "/" is ambiguous (the formula's "/" or the unit's?): write it in parentheses, / (${text})`;
  if (operator.char === '/' && numberBefore(template, operator.index))
    return `a number, "/" and a literal is ambiguous (mathjs reads 1 / 2 kg as (1 / 2) kg): write the literal in parentheses, / (${text}), or the quotient as one number`;
  if (unit.percentBeforeValue || (unit.endsWithPercent && valueAfter))
    return `"%" followed by a value reads as the modulo operator, which formulas do not have: a percentage ends its literal, e.g. (${text.replace(/%.*$/, '%')}) * ...`;
  // mathjs reads a name followed by "(" as a call, and the literal is a name to it.
  if (after === '(') return `a literal directly before "(" reads as a function call: write * between them, (${text}) * (...)`;
  if (unit.compound && (valueBefore || valueAfter))
    return `a literal with a compound unit next to another value is ambiguous (juxtaposition binds tighter than "/"): write it in parentheses, (${text}), and * between the values`;
  return undefined;
}

/** The operator before the literal at `start`, past any signs (`^ -2 kg`: `^`). */
function operatorBefore(template: string, start: number): { readonly char: string; readonly index: number } {
  let prev = before(template, start);
  while ((prev.char === '-' || prev.char === '+') && isSign(template, prev.index)) prev = before(template, prev.index);
  return prev;
}

/** Whether a value starts with `c` (a juxtaposition): a variable, a parenthesis, a name or a number. */
function startsValue(c: string): boolean {
  return c !== '' && (c === '{' || c === '(' || c === '[' || c === '.' || NAME_CHAR.test(c));
}

/** Whether the operand before the `/` at `slash` is a plain number (mathjs's "rule 2"), not an exponent. */
function numberBefore(template: string, slash: number): boolean {
  const head = template.slice(Math.max(0, slash - 400), slash);
  const match = /(?:^|[^\p{L}\p{Nd}_$.\u00B0\u221E])((?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*$/u.exec(head);
  if (match === null) return false;
  const numberStart = slash - head.length + head.length - match[0].length + match[0].indexOf(match[1] as string);
  return operatorBefore(template, numberStart).char !== '^';
}
