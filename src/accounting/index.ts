/**
 * accounting: GHG entry evaluation (signed sum, propagation, discount), 10 kg rounding and credit
 * allocation with exact decimals, statements and project-level allocation, `evaluateGraph`.
 * May import: expressions, uncertainty, units, model, decimal.js.
 */
export {};
