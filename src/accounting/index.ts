/**
 * accounting: GHG entry evaluation (signed sum, merged sensitivities, variance, discount, budget),
 * 10 kg rounding and credit allocation in exact decimals, the accounting policies, and
 * `evaluateGraph` over a whole removal graph document; statement- and project-level components,
 * the GHG statement lifecycle, sensitivity analysis and calculation reports.
 *
 * Folders by concept, each imported through its files by the others and its index.ts by this
 * one; dependencies point one way, in this order: credits/ (exact rounding and allocation);
 * prepare/ (the document checked and prepared; its shapes in the leaf prepare/prepared-graph.ts);
 * monte-carlo/; statements/ (statement records, lifecycle, totals); evaluate/ (components,
 * amortised shares, entries, statements' totals); report/ (the calculation report). The files
 * here are what several folders share: the policies, the result's and the errors' shapes
 * (result.ts, errors.ts), the warnings' order (warnings.ts), the amortisation of project
 * components (amortisation.ts), two small utilities (compare-strings.ts, bounded-cache.ts), and
 * the sensitivity analysis (sensitivity.ts, on top of evaluate/). Apart from sensitivity.ts, they
 * import only types from the folders, so no import cycle goes through them.
 *
 * Owns: the accounting's public names. May import: expressions, uncertainty, units, model,
 * decimal.js.
 */
export * from './policies';
export { allocateCredits, issuableKg, roundNetRemoval, sumCreditAllocations, sumKg, type CreditAllocation } from './credits';
export * from './errors';
export * from './result';
export * from './prepare';
export * from './evaluate';
export { projectComponentShare, type ProjectComponentShareInput } from './amortisation';
export * from './statements';
export * from './sensitivity';
export * from './report';
