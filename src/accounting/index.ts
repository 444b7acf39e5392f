/**
 * accounting: GHG entry evaluation (signed sum, merged sensitivities, variance, discount, budget),
 * 10 kg rounding and credit allocation in exact decimals, the accounting policies, and
 * `evaluateGraph` over a whole removal graph document; statement- and project-level components,
 * the GHG statement lifecycle, sensitivity analysis and calculation reports.
 * May import: expressions, uncertainty, units, model, decimal.js.
 */
export * from './policies';
export { allocateCredits, issuableKg, roundNetRemoval, sumCreditAllocations, sumKg, type CreditAllocation } from './credits/credits';
export * from './errors';
export * from './result';
export * from './prepare/prepare';
export * from './evaluate/evaluate';
export { projectComponentShare, type ProjectComponentShareInput } from './amortisation';
export * from './statements/totals';
export * from './statements/lifecycle';
export * from './statements/types';
export * from './statements/resource';
export * from './sensitivity';
export * from './report/report';
