/**
 * Reading unit strings (docs/rules.md#units-and-quantity-kinds: Pint is the reference). Unit *names* are read as
 * Pint reads them (unit-names.ts: Pint's table, prefixes, plurals, the departures); the
 * *composition* of names (`*`, `/`, `**` or `^`, juxtaposition, parentheses) is read by the small
 * grammar below so that the result is a plain {@link ParsedUnit}: a dimension over
 * {@link BASE_DIMENSIONS}, a scale and an offset to SI.
 *
 * Before the grammar, as Pint: `°` reads `degree` (`°C` is `degreeC`), ` per ` is `/`,
 * `X squared` / `X cubed` / `square X` / `sq X` / `cubic X` are powers, and an empty string (or
 * only spaces) is dimensionless. `%` is percent and `‰` permille.
 *
 * Grammar (whitespace separates tokens and, between two factors, means multiplication):
 *
 * ```
 * product  := group (('*' | '/') group)*        left-associative: a/b/c = a/(b*c)
 * group    := power power*                      implicit multiplication ("kg m")
 * power    := atom (('^' | '**') exponent)?
 * atom     := NAME | NUMBER NAME? | '(' product ')'     "100km" (no space) is one atom
 * exponent := ['+'|'-'] NUMBER | '(' ['+'|'-'] NUMBER ('/' NUMBER)? ')'
 * ```
 *
 * Where this departs from Pint (each is a row of departures.ts):
 * - An implicit product directly after `/` is refused as ambiguous (Pint reads `J/kg K` as
 *   `J·K/kg`); write `J/(kg K)` or `J/kg/K`. A number glued to a name is one atom, so `L/100km` is
 *   litres per 100 km (Pint refuses any number but 1).
 * - A comma is refused (Pint deletes commas).
 * - `·`, `⋅` and `×` mean `*`; `²`, `³`, `⁻¹`... are exponents, as in Pint's pretty format.
 * - An offset unit (degC, degF) keeps its offset only when it is the whole unit string with power 1;
 *   inside a compound (`degC/m`, `degC**2`) it is a temperature difference, as Pint reads it.
 *
 * The same tokens and grammar find where the unit of a formula's unit literal ends
 * ({@link literalUnitText}, docs/units.md "Unit literals"), so that a literal's unit is this reader's.
 */
import { snappedScale } from './si-value';
import { BASE_DIMENSIONS, DIMENSIONLESS, type Dimension } from './dimension';
import { type NamedUnit, resolveName } from './unit-names';
import { brandErrorClass, errorBrand, hasErrorBrand, isBrandedInstance } from '../model/error-brand';

/**
 * A unit string read into a dimension and an affine map to SI: a magnitude `x` in this unit is
 * `x * scale + offset` in the SI unit of {@link ParsedUnit.dimension} (kg, m, s, A, K, cd, mol,
 * rad, USD). `offset` is non-zero only for a lone offset unit such as `degC` or `degF`.
 * @public
 */
export interface ParsedUnit {
  /** The unit string exactly as given. */
  readonly unit: string;
  /** Exponents over {@link BASE_DIMENSIONS}. */
  readonly dimension: Dimension;
  /** Factor to SI (always finite and positive). */
  readonly scale: number;
  /** SI offset added after scaling; 0 except for lone offset units (degC: 273.15 K). */
  readonly offset: number;
}

const UNIT_ERROR_BRAND = errorBrand('UnitError');

/**
 * A unit string that cannot be read, or a conversion between units of different dimensions. The
 * message always names the unit string(s).
 * @public
 */
export class UnitError extends Error {
  /** The unit string that could not be read (for a failed conversion, the source unit). */
  readonly unit: string;
  constructor(unit: string, message: string) {
    super(message);
    this.name = 'UnitError';
    this.unit = unit;
  }

  /** Recognises a `UnitError` of either build of the package (see {@link isUnitError}). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBrandedInstance(this, UnitError, UNIT_ERROR_BRAND, value);
  }

  static {
    brandErrorClass(this, UNIT_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a {@link UnitError}, thrown by the ESM or the CommonJS build of the package
 * (both recognise its `Symbol.for('cdr-engine.UnitError')` brand).
 * @public
 */
export function isUnitError(value: unknown): value is UnitError {
  return hasErrorBrand(value, UNIT_ERROR_BRAND);
}

/**
 * Length of a year for `year`, `yr` and `a`: 365.25 days of 86 400 s (the Julian year, as in Pint).
 * **[decision]**
 * @public
 */
export const YEAR_IN_DAYS = 365.25;

/** Longest unit string accepted (guards untrusted input). */
const MAX_UNIT_LENGTH = 200;

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { kind: 'name'; text: string; pos: number; gluedToPrevious: boolean }
  | { kind: 'number'; value: number; text: string; pos: number }
  | { kind: 'op'; text: '*' | '/' | '^' | '(' | ')' | '+' | '-'; pos: number };

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
};

class SyntaxFailure {
  constructor(readonly reason: string) {}
}

/** Whether the next token starts an exponent: after `^`, or after `^(` or `/` in an exponent's parentheses. */
function inExponent(tokens: readonly Token[]): boolean {
  const isOp = (t: Token | undefined, op: string) => t !== undefined && t.kind === 'op' && t.text === op;
  const [a, b, c, d] = [tokens[tokens.length - 1], tokens[tokens.length - 2], tokens[tokens.length - 3], tokens[tokens.length - 4]];
  return isOp(a, '^') || (isOp(a, '(') && isOp(b, '^')) || (isOp(a, '/') && (isOp(c, '(') || isOp(d, '(')));
}

/** A name: letters of any script, digits, `_` (see {@link scan}). */
const NAME = /[\p{L}_][\p{L}\p{Nd}_\u221E]*/uy;
/** A name in a formula's unit literal, whose `°` (`°C`) has not been rewritten yet (see {@link scan}). */
const LITERAL_NAME = /[\p{L}_\u00B0][\p{L}\p{Nd}_\u221E\u00B0]*/uy;
const NUMBER = /(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;

function tokenize(src: string): Token[] {
  return scan(src, false).tokens;
}

/**
 * The tokens of `src`. `lenient` (for a formula's unit literal, {@link literalUnitText}): stop at
 * the first character no unit string has instead of failing (`end` says where), and read `°` as a
 * character of a name, since a literal's text is not rewritten before it is scanned.
 */
function scan(src: string, lenient: boolean): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '*' && src[i + 1] === '*') {
      // Python's power operator, as Pint writes it (`meter ** 3`)
      tokens.push({ kind: 'op', text: '^', pos: i });
      i += 2;
      continue;
    }
    if (c === '*' || c === '·' || c === '⋅' || c === '×') {
      tokens.push({ kind: 'op', text: '*', pos: i });
      i++;
      continue;
    }
    if (c === '/' || c === '^' || c === '(' || c === ')' || c === '+' || c === '-') {
      // In a formula a sign not in an exponent (`kg^-1`, `kg^(-1/2)`) is the formula's `+` or `-`.
      if (lenient && (c === '+' || c === '-') && !inExponent(tokens)) return { tokens, end: i };
      tokens.push({ kind: 'op', text: c, pos: i });
      i++;
      continue;
    }
    if (c === '%' || c === '‰') {
      refuseGluedPercent(src, i);
      tokens.push({ kind: 'name', text: c === '%' ? 'percent' : 'permille', pos: i, gluedToPrevious: false });
      i++;
      continue;
    }
    if (c in SUPERSCRIPTS) {
      const start = i;
      let digits = '';
      while (i < src.length && (src[i] as string) in SUPERSCRIPTS) digits += SUPERSCRIPTS[src[i++] as string];
      const sign = digits.startsWith('-') ? -1 : 1;
      const body = sign < 0 ? digits.slice(1) : digits;
      if (!/^[0-9]+$/.test(body)) {
        if (lenient) return { tokens, end: start };
        throw new SyntaxFailure(`malformed superscript exponent at position ${start}`);
      }
      tokens.push({ kind: 'op', text: '^', pos: start });
      if (sign < 0) tokens.push({ kind: 'op', text: '-', pos: start });
      tokens.push({ kind: 'number', value: Number(body), text: body, pos: start });
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(src);
    if (num) {
      tokens.push({ kind: 'number', value: Number(num[0]), text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    // Pint's names: letters of any script (`Å`, `Ω`, `µ`), digits, `_` (and the `∞` of `R_∞`, written
    // \u221E: a regular expression's non-ASCII character stays as it is in the bundle, and one such
    // character makes Node decode and compile the whole chunk as two-byte text, issue 36)
    const pattern = lenient ? LITERAL_NAME : NAME;
    pattern.lastIndex = i;
    const name = pattern.exec(src);
    if (name) {
      const text = name[0];
      const prev = tokens[tokens.length - 1];
      const glued = prev !== undefined && prev.kind === 'number' && prev.pos + prev.text.length === i;
      tokens.push({ kind: 'name', text, pos: i, gluedToPrevious: glued });
      i += name[0].length;
      continue;
    }
    if (lenient) return { tokens, end: i };
    throw new SyntaxFailure(`unexpected '${c}' at position ${i}`);
  }
  return { tokens, end: i };
}

/**
 * A `%` or `‰` written against a name or another sign (`kg%`, `%%`): Pint replaces `%` by `percent`
 * inside the text, so it reads `kgpercent` or `percentpercent`, no unit, and refuses; read as two
 * factors it would silently be a hundredth of the unit meant (12 `kg%` = 0.12 kg). (`‰` is written
 * \u2030 in the patterns, as in the name pattern below.)
 */
function refuseGluedPercent(src: string, i: number): void {
  const before = src[i - 1] ?? ' ';
  const after = src[i + 1] ?? ' ';
  const glued = /[\p{L}_%\u2030]/u.test(before) ? before : /[\p{L}\p{Nd}_%\u2030]/u.test(after) ? after : undefined;
  if (glued === undefined) return;
  throw new SyntaxFailure(
    `'${src[i]}' is glued to '${glued}' at position ${i}: Pint reads the two as one name, which is no unit; write a space or '*' between them for a product`,
  );
}

// ---------------------------------------------------------------------------------------------
// Grammar

interface Term {
  dimension: number[];
  scale: number;
  /** the lone offset unit this term consists of, if any */
  single?: NamedUnit;
}

function unitTerm(u: NamedUnit): Term {
  return { dimension: [...u.dimension], scale: u.scale, single: u };
}

function numberTerm(v: number): Term {
  return { dimension: new Array<number>(BASE_DIMENSIONS.length).fill(0), scale: v };
}

function mul(a: Term, b: Term, sign: 1 | -1): Term {
  const d = a.dimension.map((x, i) => x + sign * (b.dimension[i] ?? 0));
  return { dimension: d, scale: sign === 1 ? a.scale * b.scale : a.scale / b.scale };
}

/**
 * The grammar above over a list of tokens. `literal` (a formula's unit literal, {@link literalUnitText}):
 * syntax only, names are not looked up; a number stands only as an exponent or glued to a name
 * (`100km`), since a formula's own numbers follow; and an implicit product after `/` is read, so that
 * the unit reader itself refuses it, with its own message, once the literal's text is known.
 */
class Parser {
  /** The next token; where the parse stopped when it failed. */
  i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly literal = false,
  ) {}

  parse(): Term {
    if (this.tokens.length === 0) throw new SyntaxFailure('empty unit string');
    const t = this.product();
    const rest = this.tokens[this.i];
    if (rest !== undefined) throw new SyntaxFailure(`unexpected '${tokenText(rest)}' at position ${rest.pos}`);
    return t;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private isOp(t: Token | undefined, op: string): boolean {
    return t !== undefined && t.kind === 'op' && t.text === op;
  }

  private product(): Term {
    let { term } = this.group(false);
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '*')) {
        this.i++;
        term = mul(term, this.group(false).term, 1);
      } else if (this.isOp(t, '/')) {
        this.i++;
        const g = this.group(true);
        term = mul(term, g.term, -1);
      } else {
        return term;
      }
    }
  }

  private startsAtom(t: Token | undefined): boolean {
    return t !== undefined && (t.kind === 'name' || t.kind === 'number' || this.isOp(t, '('));
  }

  private group(afterDivision: boolean): { term: Term } {
    let term = this.power();
    let count = 1;
    while (this.startsAtom(this.peek())) {
      const t = this.peek() as Token;
      if (afterDivision && !this.literal) {
        throw new SyntaxFailure(`ambiguous implicit multiplication after '/' at position ${t.pos}; use parentheses, e.g. 'J/(kg K)'`);
      }
      term = mul(term, this.power(), 1);
      count++;
    }
    if (count > 1) delete term.single;
    return { term };
  }

  private power(): Term {
    const base = this.atom();
    if (!this.isOp(this.peek(), '^')) return base;
    this.i++;
    const e = this.exponent();
    return {
      dimension: base.dimension.map((x) => x * e),
      scale: Math.pow(base.scale, e),
      ...(e === 1 && base.single ? { single: base.single } : {}),
    };
  }

  private exponent(): number {
    const t = this.peek();
    if (this.isOp(t, '(')) {
      this.i++;
      let e = this.signedNumber();
      if (this.isOp(this.peek(), '/')) {
        this.i++;
        const d = this.signedNumber();
        if (d === 0) throw new SyntaxFailure('exponent divides by zero');
        e /= d;
      }
      this.expect(')');
      return e;
    }
    return this.signedNumber();
  }

  private signedNumber(): number {
    let sign = 1;
    const t = this.peek();
    if (this.isOp(t, '-')) {
      sign = -1;
      this.i++;
    } else if (this.isOp(t, '+')) {
      this.i++;
    }
    const n = this.peek();
    if (n === undefined || n.kind !== 'number') throw this.unexpected(n, 'a number');
    this.i++;
    return sign * n.value;
  }

  private atom(): Term {
    const t = this.peek();
    if (t === undefined) throw new SyntaxFailure('unexpected end of unit string');
    if (t.kind === 'name') {
      this.i++;
      return unitTerm(this.name(t.text));
    }
    if (t.kind === 'number') {
      this.i++;
      if (!(t.value > 0) || !Number.isFinite(t.value)) throw new SyntaxFailure(`factor '${t.text}' must be a positive number`);
      const next = this.peek();
      if (this.literal && (next === undefined || next.kind !== 'name' || !next.gluedToPrevious)) {
        this.i--;
        throw new SyntaxFailure('a number of a formula');
      }
      if (next !== undefined && next.kind === 'name' && next.gluedToPrevious) {
        // "100km": one atom, so that "L/100km" is litres per 100 km
        this.i++;
        const u = this.name(next.text);
        let e = 1;
        if (this.isOp(this.peek(), '^')) {
          this.i++;
          e = this.exponent();
        }
        return {
          dimension: u.dimension.map((x) => x * e),
          scale: t.value * Math.pow(u.scale, e),
        };
      }
      return numberTerm(t.value);
    }
    if (this.isOp(t, '(')) {
      this.i++;
      const inner = this.product();
      this.expect(')');
      return inner;
    }
    throw this.unexpected(t, 'a unit');
  }

  private name(text: string): NamedUnit {
    if (this.literal) return { dimension: DIMENSIONLESS, scale: 1, offset: 0 };
    const r = resolveName(text);
    if (typeof r === 'string') throw new SyntaxFailure(r);
    return r;
  }

  private expect(op: string): void {
    const t = this.peek();
    if (!this.isOp(t, op)) throw this.unexpected(t, `'${op}'`);
    this.i++;
  }

  private unexpected(t: Token | undefined, wanted: string): SyntaxFailure {
    if (t === undefined) return new SyntaxFailure(`unexpected end of unit string, expected ${wanted}`);
    return new SyntaxFailure(`unexpected '${tokenText(t)}' at position ${t.pos}, expected ${wanted}`);
  }
}

function tokenText(t: Token): string {
  return t.text;
}

const WORD = '([_a-zA-Z][_a-zA-Z0-9]*)';
/** Pint's rewriting of words into operators, in Pint's order (pint/util.py, string_preprocessor). */
const PINT_REWRITES: readonly (readonly [RegExp, string])[] = [
  // Δ° and ° (escaped, as the `∞` of the names above)
  [/\u0394\u00B0/g, 'Δdegree'], // Pint's pretty delta units (`Δ°C`), which Pint 0.19 writes but cannot read
  [/\u00B0/g, ' degree'],
  [new RegExp(`${WORD}\\s+squared\\b`, 'g'), '$1**2'],
  [new RegExp(`${WORD}\\s+cubed\\b`, 'g'), '$1**3'],
  [new RegExp(`\\bcubic\\s+${WORD}`, 'g'), '$1**3'],
  [new RegExp(`\\bsquare\\s+${WORD}`, 'g'), '$1**2'],
  [new RegExp(`\\bsq\\s+${WORD}`, 'g'), '$1**2'],
  [/\s+per\s+/g, '/'],
];

function pintRewrite(src: string): string {
  const comma = src.indexOf(',');
  if (comma >= 0) throw new SyntaxFailure(`unexpected ',' at position ${comma}`);
  let out = src;
  for (const [pattern, replacement] of PINT_REWRITES) out = out.replace(pattern, replacement);
  return out;
}

/**
 * The unit of a formula's unit literal (docs/units.md, "Unit literals"), as the formula reader
 * (src/expressions/unit-literals.ts) needs it: where the unit ends, and what in it the formula's own
 * operators could read otherwise.
 */
export interface LiteralUnitText {
  /** Where the unit ends in the formula (exclusive); the start when no unit begins there. */
  readonly end: number;
  /** A `*` or `/` (or `·`, `⋅`, `×`, `per`) outside parentheses: `kg/m`, which `{x} / 2 kg/m` could group otherwise. */
  readonly compound: boolean;
  /** A `%` directly followed by a value in the unit (`% kg`), which mathjs reads as its modulo. */
  readonly percentBeforeValue: boolean;
  /** The unit's last part is `%`. */
  readonly endsWithPercent: boolean;
}

/**
 * The unit of a unit literal whose number ends before `start` in the formula `src`: the longest text
 * from there that this grammar reads (names not yet looked up: the unit reader judges the text
 * afterwards, so that a literal accepts exactly what it accepts), where a number stands only as an
 * exponent or glued to a name (`100km`), and a name glued to `(` is a function call, not a unit.
 */
export function literalUnitText(src: string, start: number): LiteralUnitText {
  const window = src.slice(start, start + MAX_UNIT_LENGTH + 1);
  const { tokens, end: scanned } = scan(window, true);
  let k = tokens.length;
  while (k > 0) {
    const parser = new Parser(tokens.slice(0, k), true);
    try {
      parser.parse();
      if (!isCall(tokens, k)) break;
      k--;
    } catch (e) {
      if (!(e instanceof SyntaxFailure)) throw e;
      // A parse that stops at token j reads no longer prefix either.
      k = parser.i < k ? parser.i : k - 1;
    }
  }
  const kept = tokens.slice(0, k);
  let end = k === 0 ? 0 : k < tokens.length ? (tokens[k] as Token).pos : scanned;
  while (end > 0 && (window[end - 1] === ' ' || window[end - 1] === '\t')) end--;
  const isPercent = (t: Token | undefined): boolean => t !== undefined && t.kind === 'name' && window[t.pos] === '%';
  let depth = 0;
  let compound = false;
  let percentBeforeValue = false;
  kept.forEach((t, n) => {
    if (t.kind === 'op' && (t.text === '(' || t.text === ')')) depth += t.text === '(' ? 1 : -1;
    else if (depth === 0 && ((t.kind === 'op' && (t.text === '*' || t.text === '/')) || (t.kind === 'name' && t.text === 'per')))
      compound = true;
    const next = kept[n + 1];
    if (isPercent(t) && next !== undefined && (next.kind !== 'op' || next.text === '(')) percentBeforeValue = true;
  });
  return { end: start + end, compound, percentBeforeValue, endsWithPercent: isPercent(kept[k - 1]) };
}

/** Whether the first `k` tokens end with a name glued to the `(` that follows: a function call. */
function isCall(tokens: readonly Token[], k: number): boolean {
  const last = tokens[k - 1];
  const next = tokens[k];
  return last?.kind === 'name' && next?.kind === 'op' && next.text === '(' && next.pos === last.pos + last.text.length;
}

const DIMENSIONLESS_UNIT: Omit<ParsedUnit, 'unit'> = { dimension: DIMENSIONLESS, scale: 1, offset: 0 };

/** Reads a unit string without caching; throws {@link UnitError}. */
export function parseUnitUncached(unit: string): ParsedUnit {
  if (typeof unit !== 'string') throw new UnitError(String(unit), `unknown unit '${String(unit)}': not a string`);
  if (unit.length > MAX_UNIT_LENGTH) {
    throw new UnitError(unit, `unknown unit '${unit.slice(0, 40)}...': longer than ${MAX_UNIT_LENGTH} characters`);
  }
  // Pint reads the empty string (and spaces only) as dimensionless.
  if (unit.trim() === '') return Object.freeze({ unit, ...DIMENSIONLESS_UNIT });
  let term: Term;
  try {
    term = new Parser(tokenize(pintRewrite(unit))).parse();
  } catch (e) {
    if (e instanceof SyntaxFailure) throw new UnitError(unit, `unknown unit '${unit}': ${e.reason}`);
    throw e;
  }
  if (!Number.isFinite(term.scale) || term.scale <= 0 || term.dimension.some((x) => !Number.isFinite(x))) {
    throw new UnitError(unit, `unknown unit '${unit}': its factor to SI is not a finite positive number`);
  }
  const offset = term.single !== undefined ? term.single.offset : 0;
  const dim = term.dimension.map((x) => (Object.is(x, -0) ? 0 : x));
  return Object.freeze({ unit, dimension: Object.freeze(dim), scale: snappedScale(term.scale), offset });
}
