/**
 * Field readers for ledger requests. Requests may come straight from JSON, so nothing about their
 * shape is trusted: each reader records a problem (path, message, code) instead of throwing, and
 * returns `undefined` when the value is unusable so the caller can go on collecting problems.
 */
import { isCalendarDate } from '../model/calendar-date';
import { ID_PREFIXES, isId, type IdKind } from '../model/ids';
import type { LedgerProblem, LedgerProblemCode } from './errors';
import { describe, parseKg } from './quantity';
import { RETIREMENT_PURPOSES, type OrganisationView, type RetirementPurposeValue, type SupplierLocationView } from './types';

/** A path into a request. */
export type Path = readonly (string | number)[];

/** Collects the problems of one request. */
export class Problems {
  readonly list: LedgerProblem[] = [];

  add(path: Path, code: LedgerProblemCode, message: string): void {
    this.list.push({ path: [...path], code, message });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }
}

/** Longest public note (docs/rules.md#endpoints-and-limits). */
export const MAX_NOTES_LENGTH = 256;

/** Reads an object, or records `invalid_type`. */
export function readObject(value: unknown, path: Path, problems: Problems, what: string): Record<string, unknown> | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  problems.add(path, value === undefined ? 'missing' : 'invalid_type', `${what} must be an object, got ${describe(value)}`);
  return undefined;
}

/** Reads a non-empty string. */
export function readString(value: unknown, path: Path, problems: Problems, what: string): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (value === undefined) problems.add(path, 'missing', `${what} is required`);
  else if (typeof value === 'string') problems.add(path, 'invalid_type', `${what} must not be empty`);
  else problems.add(path, 'invalid_type', `${what} must be a string, got ${describe(value)}`);
  return undefined;
}

/** `an order`, `a credit_batch`: the article a kind's name takes. */
function article(kind: IdKind): string {
  return /^[aeiou]/.test(kind) ? 'an' : 'a';
}

/** Reads an identifier of one kind (prefix and 20-37 characters). */
export function readId(kind: IdKind, value: unknown, path: Path, problems: Problems, what: string): string | undefined {
  const text = readString(value, path, problems, what);
  if (text === undefined) return undefined;
  if (!isId(kind, text)) {
    problems.add(
      path,
      'invalid_id',
      `${what} "${text}" is not ${article(kind)} ${kind} id (${ID_PREFIXES[kind]}_ prefix, 20 to 37 characters)`,
    );
    return undefined;
  }
  return text;
}

/**
 * Reads a required amount of credits: a positive whole number of kilograms. `parsePrefix` goes
 * before the parser's own message (requests word it as they always have).
 */
export function readPositiveKg(value: unknown, path: Path, problems: Problems, parsePrefix: string): bigint | undefined {
  if (value === undefined) {
    problems.add(path, 'missing', 'credit_quantity_kg is required');
    return undefined;
  }
  const parsed = parseKg(value);
  if (!parsed.ok) problems.add(path, parsed.code, `${parsePrefix}${parsed.message}`);
  else if (parsed.kg <= 0n) problems.add(path, 'not_positive', `credit_quantity_kg must be positive, got ${parsed.kg}`);
  else return parsed.kg;
  return undefined;
}

/** Reads an optional public note: absent, null, or a string of at most 256 characters. */
export function readNotes(value: unknown, path: Path, problems: Problems): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    problems.add(path, 'invalid_type', `notes must be a string or null, got ${describe(value)}`);
    return null;
  }
  if (value.length > MAX_NOTES_LENGTH) {
    problems.add(path, 'notes_too_long', `notes have ${value.length} characters; at most ${MAX_NOTES_LENGTH} are allowed`);
  }
  return value;
}

/** Reads a calendar date `YYYY-MM-DD`. */
export function readDate(value: unknown, path: Path, problems: Problems, what: string): string | undefined {
  const text = readString(value, path, problems, what);
  if (text === undefined) return undefined;
  if (isCalendarDate(text)) return text;
  problems.add(path, 'invalid_date', `${what} "${text}" is not a date of the form YYYY-MM-DD`);
  return undefined;
}

/** Reads a finite number. */
export function readNumber(value: unknown, path: Path, problems: Problems, what: string): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  problems.add(path, value === undefined ? 'missing' : 'invalid_type', `${what} must be a finite number, got ${describe(value)}`);
  return undefined;
}

/** Reads an Organisation `{id, name, domain}`. */
export function readOrganisation(value: unknown, path: Path, problems: Problems, what: string): OrganisationView | undefined {
  const obj = readObject(value, path, problems, what);
  if (obj === undefined) return undefined;
  const before = problems.list.length;
  const id = readId('organisation', obj.id, [...path, 'id'], problems, `${what} id`);
  const name = typeof obj.name === 'string' ? obj.name : undefined;
  if (name === undefined)
    problems.add([...path, 'name'], obj.name === undefined ? 'missing' : 'invalid_type', `${what} name must be a string`);
  const domain = obj.domain === undefined || obj.domain === null ? null : typeof obj.domain === 'string' ? obj.domain : undefined;
  if (domain === undefined) problems.add([...path, 'domain'], 'invalid_type', `${what} domain must be a string or null`);
  if (problems.list.length > before || id === undefined || name === undefined || domain === undefined) return undefined;
  return Object.freeze({ id, name, domain });
}

/** Reads a supplier location, or null. */
export function readLocation(value: unknown, path: Path, problems: Problems): SupplierLocationView | null | undefined {
  if (value === undefined || value === null) return null;
  const obj = readObject(value, path, problems, 'location');
  if (obj === undefined) return undefined;
  const before = problems.list.length;
  const code = readString(obj.country_code, [...path, 'country_code'], problems, 'country_code');
  const name = readString(obj.country_name, [...path, 'country_name'], problems, 'country_name');
  const latitude = readNumber(obj.latitude, [...path, 'latitude'], problems, 'latitude');
  const longitude = readNumber(obj.longitude, [...path, 'longitude'], problems, 'longitude');
  if (latitude !== undefined && Math.abs(latitude) > 90)
    problems.add([...path, 'latitude'], 'invalid_number', `latitude ${latitude} is outside -90 to 90`);
  if (longitude !== undefined && Math.abs(longitude) > 180)
    problems.add([...path, 'longitude'], 'invalid_number', `longitude ${longitude} is outside -180 to 180`);
  const description =
    obj.description === undefined || obj.description === null ? null : typeof obj.description === 'string' ? obj.description : undefined;
  if (description === undefined) problems.add([...path, 'description'], 'invalid_type', 'description must be a string or null');
  if (
    problems.list.length > before ||
    code === undefined ||
    name === undefined ||
    latitude === undefined ||
    longitude === undefined ||
    description === undefined
  ) {
    return undefined;
  }
  return Object.freeze({ country_code: code, country_name: name, latitude, longitude, description });
}

/** Reads an optional string-or-null descriptive field. */
export function readOptionalText(value: unknown, path: Path, problems: Problems, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  problems.add(path, 'invalid_type', `${what} must be a string or null, got ${describe(value)}`);
  return null;
}

const PURPOSES: ReadonlySet<string> = new Set(RETIREMENT_PURPOSES);

/** Reads retirement purposes: at least one, each from the enum, no repeats. */
export function readPurposes(value: unknown, path: Path, problems: Problems): RetirementPurposeValue[] {
  if (!Array.isArray(value)) {
    problems.add(path, value === undefined ? 'missing' : 'invalid_type', `retirement_purposes must be an array, got ${describe(value)}`);
    return [];
  }
  if (value.length === 0) {
    problems.add(path, 'no_purposes', 'at least one retirement purpose is required');
    return [];
  }
  const seen = new Set<string>();
  const purposes: RetirementPurposeValue[] = [];
  value.forEach((purpose: unknown, index) => {
    if (typeof purpose !== 'string' || !PURPOSES.has(purpose)) {
      problems.add(
        [...path, index],
        'invalid_purpose',
        `${JSON.stringify(purpose) ?? describe(purpose)} is not a retirement purpose (${RETIREMENT_PURPOSES.join(', ')})`,
      );
    } else if (seen.has(purpose)) {
      problems.add([...path, index], 'duplicate_purpose', `retirement purpose "${purpose}" is given twice`);
    } else {
      seen.add(purpose);
      purposes.push(purpose as RetirementPurposeValue);
    }
  });
  return purposes;
}

/** Reads an ISO 3166-1 alpha-3 code (shape only: three capital letters). */
export function readCountry(value: unknown, path: Path, problems: Problems): string | undefined {
  const text = readString(value, path, problems, 'country_of_issue');
  if (text === undefined) return undefined;
  if (/^[A-Z]{3}$/.test(text)) return text;
  problems.add(path, 'invalid_country', `country_of_issue "${text}" is not an ISO 3166-1 alpha-3 code (three capital letters)`);
  return undefined;
}
