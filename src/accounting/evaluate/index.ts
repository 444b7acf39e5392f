/**
 * accounting/evaluate: the evaluation of a prepared graph (evaluate.ts): every component once, the
 * amortised project shares, then the entries a chunk at a time (each entry's net, merged
 * sensitivities, variance, discount, uncertainty budget and credits), then the statements' totals.
 *
 * Owns: `evaluateGraph` and the evaluation options, the component figures, the entry passes and
 * their results. May import: expressions, uncertainty, model, prepare/, monte-carlo/, credits/,
 * statements/ (totals), and the accounting's shared leaves.
 */
export * from './evaluate';
