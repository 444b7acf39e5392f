/**
 * accounting/credits: rounding and credit allocation in exact decimals (credits.ts), with the
 * common case of whole kilograms in doubles that hold them exactly (integer.ts).
 *
 * Owns: rounded nets, issuable kilograms and allocations. May import: decimal.js and the
 * accounting's shared leaves (policies.ts, bounded-cache.ts).
 */
export { allocateCredits, issuableKg, roundNetRemoval, sumCreditAllocations, sumKg, type CreditAllocation } from './credits';
