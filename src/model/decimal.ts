/**
 * decimal.js, loaded on first use (issue 36: its import was 13 to 18 ms of `import('cdr-engine')`,
 * for the credits' exact path, which an evaluation of whole kilograms below 2^53 never takes, and
 * its 1,025-digit constants). Node 20 has no synchronous `import`, and the credits are synchronous,
 * so it is `require`d, from this module's file in the CommonJS build and its URL in the ESM build. Both builds, the credits (accounting/credits) and the ledger's amounts
 * (registry/quantity.ts) therefore share one copy of decimal.js, its CommonJS file: one `Decimal`
 * class in a process however the package is loaded. No decimal leaves the package (its API has
 * none), so a consumer's own decimal.js is never compared with it.
 */
import { createRequire } from 'node:module';
import type Decimal from 'decimal.js';

/** decimal.js's constructor (and namespace of its static members). */
export type DecimalConstructor = typeof Decimal;

/** decimal.js's rounding modes, the values of its `Decimal.ROUND_*` (test/model/decimal.test.ts holds them to it). */
export const ROUND_CEIL = 2;
export const ROUND_FLOOR = 3;
export const ROUND_HALF_UP = 4;
export const ROUND_HALF_DOWN = 5;
export const ROUND_HALF_EVEN = 6;

let loaded: DecimalConstructor | undefined;

/** decimal.js's `Decimal`, loaded on the first call. */
export function decimalJs(): DecimalConstructor {
  if (loaded === undefined) {
    // `__filename` is the CommonJS build's (and vitest's); the ESM build has `import.meta.url`.
    const here = typeof __filename === 'string' ? __filename : import.meta.url;
    loaded = createRequire(here)('decimal.js') as DecimalConstructor;
  }
  return loaded;
}

/**
 * A function that returns `Decimal.clone(config)`, made on its first call and the same ever after:
 * a module's own decimal constructor without loading decimal.js when the module is imported.
 */
export function lazyDecimal(config: Decimal.Config): () => DecimalConstructor {
  let clone: DecimalConstructor | undefined;
  return () => {
    if (clone === undefined) clone = decimalJs().clone(config);
    return clone;
  };
}
