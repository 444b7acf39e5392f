/**
 * Unit *names*, read as Pint's default registry reads them (docs/rules.md#units-and-quantity-kinds): the spellings of
 * the unit table (pint-units.ts) and of the departures (departures.ts, which win), any SI or binary
 * prefix on any unit (`kilometric_ton`, `kt`... `µg`, `Mibyte`), a plural `s` on any name of two or
 * more letters, the first of several readings in Pint's order. A unit's dimension and factor come
 * from the table of unit values (unit-values.ts), which mathjs computed from the unit table; a unit
 * the table does not hold is told to the engine's mathjs instance through `createUnit` (with the
 * units its definition uses) and read back from mathjs, which is what the table was made with and
 * what a test compares it to, value for value.
 */
import { nearestName } from '../model/nearest-name';
import { BASE_DIMENSIONS, DIMENSIONLESS, type Dimension } from './dimension';
import { UNIT_DEPARTURES } from './departures';
import { engineMath, type MathjsUnit, type MathjsUnitPart } from './mathjs-instance';
import { type MathjsOwnUnit, PINT_CONSTANTS, PINT_UNITS, type UnitRow } from './pint-units';
import { UNIT_VALUES } from './unit-values';

/** A resolved unit name: dimension, factor to SI and (offset units only) SI offset. */
export interface NamedUnit {
  readonly dimension: Dimension;
  readonly scale: number;
  readonly offset: number;
}

/** One unit of the table or of the departures. */
export interface UnitEntry {
  /** Pint's canonical name (or the departure's first spelling). */
  readonly name: string;
  /** The symbol, or undefined when the unit has none. */
  readonly symbol: string | undefined;
  /** Every spelling: name, symbol, aliases. */
  readonly spellings: readonly string[];
  /** Where the entry comes from: Pint's units, Pint's constants (and units built on them), a departure. */
  readonly origin: 'pint' | 'constant' | 'departure';
  /** Why the engine refuses it, for a refused name. */
  readonly refused?: string;
  readonly definition?: string | MathjsOwnUnit | { readonly base: string };
  /** SI offset of an offset unit (kelvin). */
  readonly offset?: number;
}

/**
 * Pint's prefixes in Pint's order (name, symbol, aliases); the order decides between readings of a
 * name that splits two ways. The Greek μ is an extension (departures.ts).
 */
const PREFIXES: readonly (readonly [spellings: string, value: number])[] = [
  ['yocto y', 1e-24],
  ['zepto z', 1e-21],
  ['atto a', 1e-18],
  ['femto f', 1e-15],
  ['pico p', 1e-12],
  ['nano n', 1e-9],
  ['micro µ u μ', 1e-6],
  ['milli m', 1e-3],
  ['centi c', 1e-2],
  ['deci d', 1e-1],
  ['deca da deka', 1e1],
  ['hecto h', 1e2],
  ['kilo k', 1e3],
  ['mega M', 1e6],
  ['giga G', 1e9],
  ['tera T', 1e12],
  ['peta P', 1e15],
  ['exa E', 1e18],
  ['zetta Z', 1e21],
  ['yotta Y', 1e24],
  ['kibi Ki', 2 ** 10],
  ['mebi Mi', 2 ** 20],
  ['gibi Gi', 2 ** 30],
  ['tebi Ti', 2 ** 40],
  ['pebi Pi', 2 ** 50],
  ['exbi Ei', 2 ** 60],
  ['zebi Zi', 2 ** 70],
  ['yobi Yi', 2 ** 80],
  ['semi _ demi', 0.5],
  ['sesqui', 1.5],
];

/** A prefix spelling: its text, Pint's name of the prefix and its value. */
interface Prefix {
  readonly text: string;
  readonly name: string;
  readonly value: number;
}

const PREFIX_LIST: readonly Prefix[] = [
  { text: '', name: '', value: 1 },
  ...PREFIXES.flatMap(([spellings, value]) => {
    const [name = '', ...rest] = spellings.split(' ');
    return [name, ...rest].filter((t) => t !== '_').map((text) => ({ text, name, value }));
  }),
];

/** Pint's reading of a prefix by its name (`kilo`), for the long spelling of a prefixed unit. */
export const PREFIX_BY_NAME: ReadonlyMap<string, { readonly symbol: string; readonly value: number }> = new Map(
  PREFIXES.map(([spellings, value]) => {
    const [name = '', symbol = ''] = spellings.split(' ');
    return [name, { symbol: symbol === '_' ? name : symbol, value }];
  }),
);

function entryOf(spellings: string, origin: UnitEntry['origin'], rest: Partial<UnitEntry>): UnitEntry {
  const [name = '', symbol, ...aliases] = spellings.split(' ');
  const all = [name, ...(symbol === undefined || symbol === '_' ? [] : [symbol]), ...aliases];
  return { name, symbol: symbol === '_' ? undefined : symbol, spellings: all, origin, ...rest };
}

/** Pint's delta unit of an offset unit: `delta_<name>`, `Δ<symbol>`, `Δ<alias>` and `delta_<alias>`. */
function deltaOf(entry: UnitEntry): UnitEntry {
  const [, ...aliases] = entry.spellings.filter((s) => s !== entry.symbol);
  const definition = typeof entry.definition === 'string' ? entry.definition : 'kelvin';
  const spellings = [
    `delta_${entry.name}`,
    `Δ${entry.symbol ?? entry.name}`,
    ...aliases.map((a) => `Δ${a}`),
    ...aliases.map((a) => `delta_${a}`),
  ];
  return { name: `delta_${entry.name}`, symbol: `Δ${entry.symbol ?? entry.name}`, spellings, origin: entry.origin, definition };
}

let entries: readonly UnitEntry[] | null = null;
let index: Map<string, UnitEntry> | null = null;

/** Every unit entry: Pint's table, its delta units, then the departures. */
export function unitEntries(): readonly UnitEntry[] {
  if (entries === null) {
    const list: UnitEntry[] = [];
    const add = (rows: readonly UnitRow[], origin: UnitEntry['origin']): void => {
      for (const [spellings, definition, options] of rows) {
        const entry = entryOf(spellings, origin, options === undefined ? { definition } : { definition, offset: options.offset });
        list.push(entry);
        if (entry.offset !== undefined) list.push(deltaOf(entry));
      }
    };
    add(PINT_CONSTANTS, 'constant');
    add(PINT_UNITS, 'pint');
    for (const d of UNIT_DEPARTURES) {
      if (d.kind === 'refused') list.push(entryOf(d.spellings, 'departure', { refused: d.reason }));
      else if (d.definition !== undefined) list.push(entryOf(d.spellings, 'departure', { definition: d.definition }));
    }
    entries = list;
  }
  return entries;
}

/** Spelling to entry; a departure's spelling replaces Pint's. */
function nameIndex(): Map<string, UnitEntry> {
  if (index === null) {
    index = new Map();
    for (const entry of unitEntries()) for (const s of entry.spellings) index.set(s, entry);
  }
  return index;
}

// ---------------------------------------------------------------------------------------------
// Telling mathjs, on first use

const mathjsNames = new Map<UnitEntry, string>();

/** The name under which mathjs knows an entry, creating it (and what it uses) on first use. */
function mathjsName(entry: UnitEntry, creating: Set<UnitEntry> = new Set()): string {
  const known = mathjsNames.get(entry);
  if (known !== undefined) return known;
  const def = entry.definition;
  if (def === undefined) throw new Error(`unit '${entry.name}' has no definition`);
  if (typeof def === 'object' && 'mathjs' in def) {
    mathjsNames.set(entry, def.mathjs);
    return def.mathjs;
  }
  if (creating.has(entry)) throw new Error(`unit '${entry.name}' is defined through itself`);
  creating.add(entry);
  // mathjs unit names are letters and digits; `cdr` keeps them apart from mathjs's own names.
  let name = `cdr${entry.name.replace(/[^A-Za-z0-9]/g, '')}`;
  while (createdNames.has(name)) name += 'x';
  createdNames.add(name);
  const math = engineMath();
  if (typeof def === 'object') {
    math.createUnit(name, { baseName: def.base }, { override: true });
  } else {
    // mathjs takes a unit's factor from the number in front of its definition: `1 kelvin`, not `kelvin`.
    const definition = translate(/^[\d.]/.test(def) ? def : `1 ${def}`, creating);
    // mathjs applies an offset before the factor: SI = (x + offset) * factor.
    const offset = entry.offset === undefined ? 0 : entry.offset / siFactor(math.unit(definition));
    math.createUnit(name, { definition, offset }, { override: true });
  }
  mathjsNames.set(entry, name);
  return name;
}

const createdNames = new Set<string>();

/** The factor to SI of a mathjs unit, with or without a number in front. */
function siFactor(u: MathjsUnit): number {
  if (u.value !== null) return Number(u.value);
  return u.units.reduce((f, p) => f * (Number(p.prefix.value) * Number(p.unit.value)) ** p.power, 1);
}

/** A definition with every name of the table replaced by its mathjs name (numbers left alone). */
function translate(definition: string, creating: Set<UnitEntry>): string {
  return definition.replace(/(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)/g, (match, number, word: string | undefined) => {
    if (number !== undefined || word === undefined) return match;
    const entry = nameIndex().get(word);
    return entry === undefined ? word : mathjsName(entry, creating);
  });
}

let mathjsToOurs: readonly (number | undefined)[] = [];

/** Our base dimension of each mathjs base dimension (mathjs gains CURRENCY when USD is created). */
function baseMap(): readonly (number | undefined)[] {
  const bases = engineMath().Unit.BASE_DIMENSIONS;
  if (mathjsToOurs.length !== bases.length) {
    mathjsToOurs = bases.map((b) => {
      const i = (BASE_DIMENSIONS as readonly string[]).indexOf(b.toLowerCase());
      return i >= 0 ? i : undefined;
    });
  }
  return mathjsToOurs;
}

/** Reads a single mathjs unit (with its mathjs prefix and power) into a NamedUnit. */
function fromMathjs(u: MathjsUnit, text: string): NamedUnit | string {
  if (u.value !== null || u.units.length !== 1) return `no unit named '${text}'`;
  const part = u.units[0] as MathjsUnitPart;
  const map = baseMap();
  const bases = engineMath().Unit.BASE_DIMENSIONS;
  const dims = new Array<number>(BASE_DIMENSIONS.length).fill(0);
  for (let i = 0; i < part.unit.dimensions.length; i++) {
    const e = part.unit.dimensions[i] ?? 0;
    if (e === 0) continue;
    const target = map[i];
    if (target === undefined)
      return `'${text}' has the dimension ${(bases[i] ?? 'unknown').toLowerCase()}, which the engine does not support`;
    dims[target] = e * part.power;
  }
  const scale = Number(part.prefix.value) * Number(part.unit.value);
  const offset = Number(part.unit.offset ?? 0) * scale;
  if (!Number.isFinite(scale) || scale <= 0 || !Number.isFinite(offset)) return `no usable unit named '${text}'`;
  return { dimension: Object.freeze(dims), scale, offset };
}

/** The dimension, factor and offset of an entry (a string: why it is refused). */
export function readEntry(entry: UnitEntry, text: string = entry.name): NamedUnit | string {
  if (entry.refused !== undefined) return `'${text}' (${entry.name}) is not accepted: ${entry.refused}`;
  return tabled(entry) ?? readEntryWithMathjs(entry, text);
}

/** The same through mathjs, without the table (what the table is made from and compared with). */
export function readEntryWithMathjs(entry: UnitEntry, text: string = entry.name): NamedUnit | string {
  return fromMathjs(engineMath().unit(mathjsName(entry)), text);
}

const fromTable = new Map<UnitEntry, NamedUnit>();

/** An entry's values from the table, undefined when the table does not hold it. */
function tabled(entry: UnitEntry): NamedUnit | undefined {
  let unit = fromTable.get(entry);
  if (unit === undefined) {
    const values = Object.prototype.hasOwnProperty.call(UNIT_VALUES, entry.name) ? UNIT_VALUES[entry.name] : undefined;
    if (values === undefined) return undefined;
    const [scale, offset, ...dimension] = values as readonly number[];
    unit = { dimension: Object.freeze(dimension), scale: scale as number, offset: offset as number };
    fromTable.set(entry, unit);
  }
  return unit;
}

// ---------------------------------------------------------------------------------------------
// Pint's reading of a name

interface Candidate {
  readonly prefix: Prefix;
  readonly entry: UnitEntry;
}

/** Pint's readings of a name as prefix + unit + optional plural `s`, in Pint's order, deduplicated. */
function candidates(text: string): Candidate[] {
  const names = nameIndex();
  const found: Candidate[] = [];
  for (const suffix of ['', 's']) {
    for (const prefix of PREFIX_LIST) {
      if (!text.startsWith(prefix.text) || !text.endsWith(suffix)) continue;
      const base = text.slice(prefix.text.length, text.length - suffix.length);
      if (suffix !== '' && base.length === 1) continue;
      const entry = names.get(base);
      if (entry !== undefined && !found.some((c) => c.entry === entry && c.prefix.name === prefix.name)) {
        found.push({ prefix, entry });
      }
    }
  }
  // Pint prefers `kilo` + `gram` to a unit whose own name is `kilogram`.
  return found.filter(
    (c) => c.prefix.name !== '' || !found.some((o) => o.prefix.name !== '' && o.prefix.name + o.entry.name === c.entry.name),
  );
}

const cache = new Map<string, NamedUnit | string>();

/** Resolves one unit name; a string is the reason it is not a unit. */
export function resolveName(text: string): NamedUnit | string {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const result = resolveNameUncached(text);
  if (cache.size < 10_000) cache.set(text, result);
  return result;
}

function resolveNameUncached(text: string): NamedUnit | string {
  if (text === 'dimensionless') return { dimension: DIMENSIONLESS, scale: 1, offset: 0 };
  const exact = nameIndex().get(text);
  if (exact !== undefined) return readEntry(exact, text);
  const [first] = candidates(text);
  if (first !== undefined) {
    const unit = readEntry(first.entry, text);
    if (typeof unit === 'string' || first.prefix.value === 1) return unit;
    if (unit.offset !== 0) return `'${text}' puts the prefix '${first.prefix.text}' on an offset unit, which has no agreed meaning`;
    return { dimension: unit.dimension, scale: unit.scale * first.prefix.value, offset: 0 };
  }
  const squared = squaredOrCubed(text);
  if (squared !== undefined) return squared;
  const near = nearestSpelling(text);
  return near === undefined ? `no unit named '${text}'` : `no unit named '${text}'; did you mean '${near}'?`;
}

/** The spelling nearest to a misspelled name, trying it whole, then after a prefix (`kilogramm`). */
function nearestSpelling(text: string): string | undefined {
  if (text.length < 4) return undefined;
  const whole = nearestName(text, knownSpellings());
  if (whole !== undefined) return whole;
  for (const prefix of PREFIX_LIST) {
    const rest = text.slice(prefix.text.length);
    if (prefix.text === '' || !text.startsWith(prefix.text) || rest.length < 4) continue;
    const near = nearestName(rest, knownSpellings());
    if (near !== undefined) return prefix.text + near;
  }
  return undefined;
}

let spellingList: readonly string[] | null = null;

/** The spellings a misspelled name may be near: canonical names first, then symbols and aliases. */
function knownSpellings(): readonly string[] {
  if (spellingList === null) {
    const usable = unitEntries().filter((e) => e.refused === undefined);
    spellingList = [...new Set([...usable.map((e) => e.name), ...usable.flatMap((e) => e.spellings)])];
  }
  return spellingList;
}

/** mathjs's names of the squared and cubed metre (`m2`, `cm3`, `km2`), an extension (departures.ts). */
function squaredOrCubed(text: string): NamedUnit | undefined {
  if (!/^[A-Za-z]+[23]$/.test(text)) return undefined;
  const math = engineMath(); // outside the try: a mathjs that cannot be loaded is thrown, not an unknown unit
  let u: MathjsUnit;
  try {
    u = math.unit(text);
  } catch {
    return undefined;
  }
  const r = fromMathjs(u, text);
  if (typeof r === 'string') return undefined;
  const power = Number(text.slice(-1));
  const isLengthPower = r.dimension.every((e, i) => e === (BASE_DIMENSIONS[i] === 'length' ? power : 0));
  return isLengthPower ? r : undefined;
}
