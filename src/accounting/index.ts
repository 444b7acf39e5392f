/**
 * accounting: GHG entry evaluation (signed sum, merged sensitivities, variance, discount, budget),
 * 10 kg rounding and credit allocation in exact decimals, the accounting policies, and
 * `evaluateGraph` over a whole removal graph document.
 * May import: expressions, uncertainty, units, model, decimal.js.
 */
export * from './policies';
export * from './credits';
export * from './errors';
export * from './result';
export * from './prepare';
export * from './evaluate';
