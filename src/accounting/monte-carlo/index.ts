/**
 * accounting/monte-carlo: the Monte Carlo evaluation of a prepared graph (run.ts): draws of every
 * uncertain datapoint (draws.ts), each entry's net per draw (nets.ts; the signed sums, entry-sums.ts),
 * the summaries and the warnings of invalid draws (warnings.ts). Called by evaluate/ and by the CLI's parallel runs.
 *
 * Owns: the run, its settings and its summaries. May import: expressions, uncertainty, model,
 * prepare/ (types), and the accounting's shared leaves (amortisation.ts, result.ts).
 */
export * from './run';
