/**
 * Reading unit strings (semantics.md section 2). Unit *names* (with their SI prefixes) are resolved
 * by an isolated mathjs instance (`create(all)`, never the global mathjs) extended with the
 * service's own names; the *composition* of names (`*`, `/`, `^`, juxtaposition, parentheses) is
 * read by the small grammar below so that the result is a plain {@link ParsedUnit}: a dimension over
 * {@link BASE_DIMENSIONS}, a scale and an offset to SI.
 *
 * Grammar (whitespace separates tokens and, between two factors, means multiplication):
 *
 * ```
 * product  := group (('*' | '/') group)*        left-associative: a/b/c = a/(b*c)
 * group    := power power*                      implicit multiplication ("kg m")
 * power    := atom ('^' exponent)?
 * atom     := NAME | NUMBER NAME? | '(' product ')'     "100km" (no space) is one atom
 * exponent := ['+'|'-'] NUMBER | '(' ['+'|'-'] NUMBER ('/' NUMBER)? ')'
 * ```
 *
 * Policy where mathjs itself reads a string in a way nobody means:
 * - mathjs reads `J/kg K` as `(J K)/kg`. An implicit product directly after `/` is therefore
 *   rejected as ambiguous; write `J/(kg K)` or `J/(kg*K)`. A number glued to a name is one atom, so
 *   `L/100km` is litres per 100 km.
 * - `%` means `percent` (0.01); `·`, `⋅` and `×` mean `*`; `²`, `³`, `⁻¹`... are exponents; a
 *   leading `µ`/`μ` prefix means micro (`u` in mathjs).
 * - An offset unit (degC, degF) keeps its offset only when it is the whole unit string with power 1;
 *   inside a compound (`degC/m`, `degC^2`) it is read as a temperature interval, as mathjs does.
 * - Units of information (bit, byte) are rejected: the engine has no information dimension.
 */
import { all, create } from 'mathjs';
import { brandErrorClass, errorBrand, hasErrorBrand, isBrandedInstance } from '../model/error-brand';
import { BASE_DIMENSIONS, dimension, type Dimension } from './dimension';

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
 * Length of a year for `yr` (and mathjs's `year`): 365.25 days of 86 400 s (the Julian year, as in
 * mathjs). **[decision]**
 * @public
 */
export const YEAR_IN_DAYS = 365.25;

/** Longest unit string accepted (guards untrusted input). */
const MAX_UNIT_LENGTH = 200;

// ---------------------------------------------------------------------------------------------
// The isolated mathjs instance and the service's own unit names

type MathUnitPart = {
  unit: { name: string; value: unknown; offset: unknown; dimensions: number[] };
  prefix: { value: unknown };
  power: number;
};
type MathUnit = { units: MathUnitPart[]; value: unknown; dimensions: number[] };

const math = create(all as NonNullable<typeof all>);

/**
 * Names the service adds to mathjs (semantics.md section 2), as mathjs definitions. Names with a
 * `prefixes` entry take SI prefixes (`mSv/h`, `kBq`).
 */
const MATHJS_EXTRA_UNITS: Record<string, string | { definition: string; prefixes: string }> = {
  // dimensionless
  percent: '0.01',
  permille: '0.001',
  ppm: '1e-6',
  ppb: '1e-9',
  pH: '1',
  // time: day and Julian year
  d: '86400 s',
  yr: `${YEAR_IN_DAYS * 86400} s`,
  // area
  ha: '10000 m^2',
  // CO2-equivalent masses (dimension mass); `CO2e` alone is a dimensionless label so that
  // `kg CO2e` and `t CO2e/MWh` read as masses too
  CO2e: '1',
  gCO2e: '1 g',
  kgCO2e: '1 kg',
  tCO2e: '1000 kg',
  ktCO2e: '1e6 kg',
  MtCO2e: '1e9 kg',
  GtCO2e: '1e12 kg',
  // radiation
  Bq: { definition: '1 Hz', prefixes: 'short' },
  Sv: { definition: '1 J/kg', prefixes: 'short' },
  Gy: { definition: '1 J/kg', prefixes: 'short' },
  // amount per mass
  molal: { definition: '1 mol/kg', prefixes: 'short' },
  // fuel economy
  mpg: '1 mi/gal',
};
math.createUnit(MATHJS_EXTRA_UNITS as never, { override: false });

/** Names outside mathjs (mathjs names must be alphanumeric; currency is not a mathjs base). */
const OWN_UNITS: ReadonlyMap<string, { dimension: Dimension; scale: number }> = new Map([
  ['metric_ton', { dimension: dimension({ mass: 1 }), scale: 1000 }],
  ['dimensionless', { dimension: dimension({}), scale: 1 }],
  ['USD', { dimension: dimension({ currency: 1 }), scale: 1 }],
]);

/** mathjs base dimensions in mathjs's order; the first eight coincide with ours. */
const MATHJS_BASES: readonly string[] = (math as unknown as { Unit: { BASE_DIMENSIONS: string[] } }).Unit
  .BASE_DIMENSIONS;
const MATHJS_TO_OURS: readonly (number | undefined)[] = MATHJS_BASES.map((name) => {
  const i = (BASE_DIMENSIONS as readonly string[]).indexOf(name.toLowerCase());
  return i >= 0 ? i : undefined;
});

/** A resolved unit name: dimension, scale and (for degC/degF) SI offset. */
interface NamedUnit {
  readonly dimension: Dimension;
  readonly scale: number;
  readonly offset: number;
}

const nameCache = new Map<string, NamedUnit | string>();

/** Resolves one name; returns an error reason string when it is not a unit. */
function resolveName(name: string): NamedUnit | string {
  const cached = nameCache.get(name);
  if (cached !== undefined) return cached;
  const result = resolveNameUncached(name);
  if (nameCache.size < 10_000) nameCache.set(name, result);
  return result;
}

function resolveNameUncached(name: string): NamedUnit | string {
  const own = OWN_UNITS.get(name);
  if (own) return { dimension: own.dimension, scale: own.scale, offset: 0 };
  let u: MathUnit;
  try {
    u = math.unit(name) as unknown as MathUnit;
  } catch {
    return `no unit named '${name}'`;
  }
  if (u.value !== null || u.units.length !== 1) return `no unit named '${name}'`;
  const part = u.units[0] as MathUnitPart;
  const dims = new Array<number>(BASE_DIMENSIONS.length).fill(0);
  for (let i = 0; i < part.unit.dimensions.length; i++) {
    const e = part.unit.dimensions[i] ?? 0;
    if (e === 0) continue;
    const target = MATHJS_TO_OURS[i];
    if (target === undefined) {
      const base = (MATHJS_BASES[i] ?? 'unknown').toLowerCase();
      return `'${name}' has the dimension ${base}, which the engine does not support`;
    }
    dims[target] = e * part.power;
  }
  const scale = Number(part.prefix.value) * Number(part.unit.value);
  const offset = Number(part.unit.offset ?? 0) * scale;
  if (!Number.isFinite(scale) || scale <= 0 || !Number.isFinite(offset)) return `no usable unit named '${name}'`;
  return { dimension: Object.freeze(dims), scale, offset };
}

// ---------------------------------------------------------------------------------------------
// Tokens

type Token =
  | { kind: 'name'; text: string; pos: number; gluedToPrevious: boolean }
  | { kind: 'number'; value: number; text: string; pos: number }
  | { kind: 'op'; text: '*' | '/' | '^' | '(' | ')' | '+' | '-'; pos: number };

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-',
};

class SyntaxFailure {
  constructor(readonly reason: string) {}
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '*' || c === '·' || c === '⋅' || c === '×') {
      tokens.push({ kind: 'op', text: '*', pos: i });
      i++;
      continue;
    }
    if (c === '/' || c === '^' || c === '(' || c === ')' || c === '+' || c === '-') {
      tokens.push({ kind: 'op', text: c, pos: i });
      i++;
      continue;
    }
    if (c === '%') {
      tokens.push({ kind: 'name', text: 'percent', pos: i, gluedToPrevious: false });
      i++;
      continue;
    }
    if (c in SUPERSCRIPTS) {
      const start = i;
      let digits = '';
      while (i < src.length && (src[i] as string) in SUPERSCRIPTS) digits += SUPERSCRIPTS[src[i++] as string];
      const sign = digits.startsWith('-') ? -1 : 1;
      const body = sign < 0 ? digits.slice(1) : digits;
      if (!/^[0-9]+$/.test(body)) throw new SyntaxFailure(`malformed superscript exponent at position ${start}`);
      tokens.push({ kind: 'op', text: '^', pos: start });
      if (sign < 0) tokens.push({ kind: 'op', text: '-', pos: start });
      tokens.push({ kind: 'number', value: Number(body), text: body, pos: start });
      continue;
    }
    const num = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(src.slice(i));
    if (num) {
      tokens.push({ kind: 'number', value: Number(num[0]), text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_µμ][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      let text = name[0];
      if (text.startsWith('µ') || text.startsWith('μ')) text = `u${text.slice(1)}`;
      const prev = tokens[tokens.length - 1];
      const glued = prev !== undefined && prev.kind === 'number' && prev.pos + prev.text.length === i;
      tokens.push({ kind: 'name', text, pos: i, gluedToPrevious: glued });
      i += name[0].length;
      continue;
    }
    throw new SyntaxFailure(`unexpected '${c}' at position ${i}`);
  }
  return tokens;
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

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

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
      if (afterDivision) {
        throw new SyntaxFailure(
          `ambiguous implicit multiplication after '/' at position ${t.pos}; use parentheses, e.g. 'J/(kg K)'`,
        );
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
    return { dimension: base.dimension.map((x) => x * e), scale: Math.pow(base.scale, e), ...(e === 1 && base.single ? { single: base.single } : {}) };
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

/** Reads a unit string without caching; throws {@link UnitError}. */
export function parseUnitUncached(unit: string): ParsedUnit {
  if (typeof unit !== 'string') throw new UnitError(String(unit), `unknown unit '${String(unit)}': not a string`);
  if (unit.length > MAX_UNIT_LENGTH) {
    throw new UnitError(unit, `unknown unit '${unit.slice(0, 40)}...': longer than ${MAX_UNIT_LENGTH} characters`);
  }
  let term: Term;
  try {
    term = new Parser(tokenize(unit)).parse();
  } catch (e) {
    if (e instanceof SyntaxFailure) throw new UnitError(unit, `unknown unit '${unit}': ${e.reason}`);
    throw e;
  }
  if (!Number.isFinite(term.scale) || term.scale <= 0 || term.dimension.some((x) => !Number.isFinite(x))) {
    throw new UnitError(unit, `unknown unit '${unit}': its factor to SI is not a finite positive number`);
  }
  const offset = term.single !== undefined ? term.single.offset : 0;
  const dim = term.dimension.map((x) => (Object.is(x, -0) ? 0 : x));
  return Object.freeze({ unit, dimension: Object.freeze(dim), scale: term.scale, offset });
}
