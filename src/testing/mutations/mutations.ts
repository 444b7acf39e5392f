/**
 * Mutations for negative tests: arbitraries that damage a valid document in one place, the way
 * people do, and say where and which issue code the engine must answer with. `misspelled` changes
 * one key by one typing slip (a letter dropped, doubled, swapped with its neighbour or replaced);
 * strict documents refuse it (`unrecognized_key`, naming the key, its path and the nearest known
 * key) instead of reading it as an absent field. `wrongUnit` gives a datapoint a unit of another
 * dimension than the inputs it feeds (`unit_incompatible`).
 * May import: units, model, fast-check.
 */
import fc from 'fast-check';
import type { IssuePath } from '../../model/issues';
import type { QuantityKind } from '../../model/quantity-kinds';
import { QUANTITY_KINDS } from '../../model/quantity-kinds';
import { isCompatible } from '../../units';
import type { RemovalGraphInput } from '../../model/graph';
import { datapointUses, kindOfDatapoint } from '../arbitraries/graph-reading';
import { unitsForKind } from '../arbitraries/kind-units';

/**
 * A document damaged in one place, with what a validator must report.
 * @public
 */
export interface DocumentMutation {
  /** The damaged document (a copy: the original is not changed). */
  readonly document: RemovalGraphInput;
  /** Where the damage is: the path of the misspelled key, or of the changed unit. */
  readonly path: IssuePath;
  /** The key or unit as it was. */
  readonly original: string;
  /** The key or unit written instead. */
  readonly replacement: string;
  /** The issue code a strict validator answers with (`unrecognized_key`, `unit_incompatible`). */
  readonly code: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every (object path, key) of a JSON value, depth first. */
function keysOf(value: Json, path: (string | number)[], out: { path: (string | number)[]; key: string }[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => keysOf(v, [...path, i], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      out.push({ path, key });
      keysOf(v, [...path, key], out);
    }
  }
}

/** Keys of the graph format that a document may leave out, so a slip must not produce them. */
const OPTIONAL_KEYS = [
  'display_name',
  'description',
  'data_shape',
  'datapoint_id',
  'datapoint_ids',
  'attribution_factor',
  'attribution_factor_datapoint_id',
  'uncertainty_justification',
  'risk_of_reversal_percentage',
  'standard_deviation',
  'ghg_statements',
  'projects',
  'input_key',
];

/** One typing slip of `key` (operation and position from `op`), or null when it cannot make one. */
function slip(key: string, op: number, position: number): string | null {
  if (key.length < 2) return `${key}${key}`;
  const at = position % key.length;
  switch (op % 4) {
    case 0:
      return key.slice(0, at) + key.slice(at + 1);
    case 1:
      return key.slice(0, at + 1) + key.slice(at);
    case 2:
      return at + 1 < key.length ? key.slice(0, at) + key.charAt(at + 1) + key.charAt(at) + key.slice(at + 2) : null;
    default: {
      const c = key.charAt(at) === 'e' ? 'a' : 'e';
      return key.slice(0, at) + c + key.slice(at + 1);
    }
  }
}

function renamed(document: Json, path: readonly (string | number)[], from: string, to: string): Json {
  if (path.length === 0) {
    const object = document as { [key: string]: Json };
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k === from ? to : k, v]));
  }
  const [head, ...rest] = path;
  if (Array.isArray(document)) return document.map((v, i) => (i === head ? renamed(v, rest, from, to) : v));
  const object = document as { [key: string]: Json };
  return { ...object, [head as string]: renamed(object[head as string] as Json, rest, from, to) };
}

/**
 * Arbitrary of `document` with one key misspelled (see the module notes). The slip never yields
 * another key of the format, nor the empty string.
 * @throws RangeError when the document has no key to misspell.
 * @public
 */
export function misspelled(document: RemovalGraphInput): fc.Arbitrary<DocumentMutation> {
  const json = JSON.parse(JSON.stringify(document)) as Json;
  const places: { path: (string | number)[]; key: string }[] = [];
  keysOf(json, [], places);
  if (places.length === 0) throw new RangeError('misspelled: the document has no key');
  const known = new Set([...places.map((p) => p.key), ...OPTIONAL_KEYS]);
  // Unbiased: fast-check favours small numbers, which would favour the first keys of the document.
  return fc.record({ place: fc.noBias(fc.nat(places.length - 1)), op: fc.nat(3), position: fc.nat(63) }).map(({ place, op, position }) => {
    const { path, key } = places[place] as { path: (string | number)[]; key: string };
    let replacement = '';
    for (let k = 0; k < 8 && (replacement === '' || known.has(replacement)); k++)
      replacement = slip(key, op + k, position + (k >> 2)) ?? '';
    if (replacement === '' || known.has(replacement)) replacement = `${key}_x`;
    return {
      document: renamed(json, path, key, replacement) as unknown as RemovalGraphInput,
      path: [...path, replacement],
      original: key,
      replacement,
      code: 'unrecognized_key',
    };
  });
}

/**
 * Arbitrary of `document` with one datapoint's unit replaced by a unit of another dimension than
 * the inputs it feeds (its magnitude kept).
 * @throws RangeError when no datapoint of the document feeds an input.
 * @public
 */
export function wrongUnit(document: RemovalGraphInput): fc.Arbitrary<DocumentMutation> {
  const uses = datapointUses(document);
  const fed = document.datapoints.flatMap((d, index) => {
    const kind = kindOfDatapoint(uses, d.id);
    return kind === undefined ? [] : [{ index, kind }];
  });
  if (fed.length === 0) throw new RangeError('wrongUnit: no datapoint of the document feeds an input');
  const foreign = (kind: QuantityKind) =>
    QUANTITY_KINDS.flatMap((k) => unitsForKind(k).slice(0, 2)).filter((u, i, all) => all.indexOf(u) === i && !isCompatible(u, kind).ok);
  return fc.record({ which: fc.noBias(fc.nat(fed.length - 1)), unit: fc.nat() }).map(({ which, unit }) => {
    const { index, kind } = fed[which] as { index: number; kind: QuantityKind };
    const choices = foreign(kind);
    const replacement = choices[unit % choices.length] as string;
    const datapoint = document.datapoints[index] as RemovalGraphInput['datapoints'][number];
    const changed = { ...datapoint, quantity: { ...datapoint.quantity, unit: replacement } };
    return {
      document: { ...document, datapoints: document.datapoints.map((d, i) => (i === index ? changed : d)) },
      path: ['datapoints', index, 'quantity', 'unit'],
      original: datapoint.quantity.unit,
      replacement,
      code: 'unit_incompatible',
    };
  });
}
