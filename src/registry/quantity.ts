/**
 * Credit amounts: exact integer kilograms held as bigint, reported as the service's
 * CreditQuantity. A binary double never takes part in credit arithmetic; decimal.js reads amounts
 * given as decimal strings.
 */
import { lazyDecimal } from '../model/decimal';

/**
 * An amount of credit in kilograms as a caller may pass it: a safe integer number, a bigint, or a
 * decimal string (for amounts beyond 2^53 that JSON numbers cannot carry exactly).
 * @public
 */
export type KgAmount = number | bigint | string;

/**
 * The service's CreditQuantity: `credit_kgs` integer kilograms and `credits` = kg / 1000 to three
 * decimals (1 credit = 1 t CO2e).
 * @public
 */
export interface CreditQuantityView {
  /** The amount in credits (tonnes), exactly `credit_kgs / 1000`, three decimals. */
  readonly credits: number;
  /** The amount in whole kilograms. Exact up to 2^53; larger amounts are the nearest double. */
  readonly credit_kgs: number;
}

// Wide precision so every amount the ledger accepts (at most 10^30 kg) is parsed exactly. The
// ledger shares the credits' copy of decimal.js, loaded with the first amount read from a string (model/decimal.ts).
const decimal = lazyDecimal({ precision: 80 });

/**
 * Converts exact kilograms to the service's CreditQuantity.
 *
 * `credits` is the decimal text of kg / 1000 (the integer's digits with the point moved three
 * places) read by `Number`: the one rounding is the final one to a double, which is exactly what
 * `new Decimal(kg).div(1000).toNumber()` gives, at a tenth of the cost (balances and batch reads
 * stay in the microsecond range).
 * @param kg - integer kilograms
 * @public
 */
export function creditQuantity(kg: bigint): CreditQuantityView {
  const negative = kg < 0n;
  const digits = (negative ? -kg : kg).toString().padStart(4, '0');
  const cut = digits.length - 3;
  const credits = Number(`${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`);
  return { credits, credit_kgs: Number(kg) };
}

/** Outcome of reading a caller's amount. */
export type ParsedKg =
  | { readonly ok: true; readonly kg: bigint }
  | {
      readonly ok: false;
      readonly code: 'invalid_type' | 'invalid_number' | 'fractional_kg' | 'unsafe_integer' | 'amount_too_large';
      readonly message: string;
    };

/**
 * Largest amount the ledger accepts, 10^30 kg: far above any real quantity of CO2e, and it keeps
 * every amount within the exact range of the decimal conversion to credits.
 * @public
 */
export const MAX_CREDIT_KG = 10n ** 30n;

const TOO_LARGE = { ok: false, code: 'amount_too_large', message: `amounts above ${MAX_CREDIT_KG} kg are refused` } as const;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads a caller's amount as exact integer kilograms, refusing fractions and numbers that a double
 * cannot hold exactly (their value is already uncertain when they arrive).
 */
export function parseKg(value: unknown): ParsedKg {
  if (typeof value === 'bigint') return value > MAX_CREDIT_KG || -value > MAX_CREDIT_KG ? TOO_LARGE : { ok: true, kg: value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, code: 'invalid_number', message: `${String(value)} is not a finite number of kg` };
    if (!Number.isInteger(value)) return { ok: false, code: 'fractional_kg', message: `${value} kg is not a whole number of kilograms` };
    if (!Number.isSafeInteger(value)) {
      return {
        ok: false,
        code: 'unsafe_integer',
        message: `${value} kg is beyond 2^53 and may have lost precision as a number; pass it as a bigint or a decimal string`,
      };
    }
    return { ok: true, kg: BigInt(value) };
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL_TEXT.test(text)) return { ok: false, code: 'invalid_number', message: `"${value}" is not a decimal number of kg` };
    const parsed = new (decimal())(text);
    if (parsed.abs().greaterThan(MAX_CREDIT_KG.toString())) return TOO_LARGE;
    if (!parsed.isInteger()) return { ok: false, code: 'fractional_kg', message: `${value} kg is not a whole number of kilograms` };
    return { ok: true, kg: BigInt(parsed.toFixed(0)) };
  }
  return { ok: false, code: 'invalid_type', message: `expected an integer number of kg, got ${describe(value)}` };
}

/** A short description of a value's type for messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'undefined' ? 'nothing' : `a ${typeof value}`;
}
