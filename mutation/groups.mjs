// The money path's mutation groups (npm run test:mutation; README "Development"). Each group mutates a
// few source files and runs only the test files that exercise them, so a group's run stays tractable
// on a 2-core machine; each keeps its own incremental state in mutation/incremental/<group>.json.

const REGISTRY_TESTS = [
  'test/registry/issuance.test.ts',
  'test/registry/transactions.test.ts',
  'test/registry/refusals.test.ts',
  'test/registry/holding.test.ts',
  'test/registry/registry-boundaries.test.ts',
  'test/registry/ledger-surface.test.ts',
];

// evaluate.ts: its phases on tiny graphs first (options, Monte Carlo settings, chunks, statements), the statements'
// project shares, then the evaluation's small known-answer files. The credit rounding and budget files are left to
// their own groups (their 7 s would run for every surviving mutant here).
const EVALUATE_TESTS = [
  'test/accounting/evaluate-phases.test.ts',
  'test/statements/allocation.test.ts',
  'test/accounting/worked-examples.test.ts',
  'test/accounting/branches.test.ts',
  'test/accounting/expression-values.test.ts',
  'test/accounting/entry-warnings.test.ts',
  'test/accounting/refused-entries.test.ts',
  'test/accounting/differences-lognormal.test.ts',
  'test/accounting/result-expression.test.ts',
  'test/accounting/evaluations-in-turn.test.ts',
  'test/accounting/warning-policy.test.ts',
  'test/accounting/physical-bounds.test.ts',
];

// An entry's figures: the targeted tests first, then the evaluation's small known-answer files.
const ENTRY_TESTS = [
  'test/accounting/entry-figures.test.ts',
  'test/accounting/entry-covariances.test.ts',
  'test/accounting/worked-examples.test.ts',
  'test/accounting/expression-values.test.ts',
  'test/accounting/entry-warnings.test.ts',
  'test/accounting/distributions-correlations.test.ts',
  'test/accounting/warning-policy.test.ts',
  'test/accounting/branches.test.ts',
];

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
export const GROUPS = {
  credits: {
    mutate: ['src/accounting/credits/credits.ts', 'src/accounting/credits/integer.ts'],
    tests: [
      'test/accounting/credits.test.ts',
      'test/accounting/credits-integer.test.ts',
      'test/accounting/credits-boundaries.test.ts',
      'test/accounting/credits-quotient.test.ts',
      'test/accounting/evaluate-credit-rounding.test.ts',
    ],
  },
  // The model-based ledger test (test/registry/ledger-model.test.ts) is left out: instrumented, its
  // 60 s exceed the test timeout, and each mutant would run it whole.
  registry: {
    mutate: ['src/registry/issuance.ts', 'src/registry/serial.ts', 'src/registry/transactions.ts'],
    tests: REGISTRY_TESTS,
  },
  'registry-ledger': {
    mutate: ['src/registry/ledger.ts'],
    tests: REGISTRY_TESTS,
  },
  // The rest of src/registry in three groups, each small enough for one run on a shared 2-core machine:
  // the transaction requests (their checks, the pipeline, holdings), the amounts, and the ledger's state
  // (validation, views, the store and its records, snapshots). types.ts holds types only.
  'registry-requests': {
    mutate: ['src/registry/{request-checks,pipeline,holding}.ts'],
    tests: [...REGISTRY_TESTS, 'test/registry/request-messages.test.ts', 'test/registry/holding-edges.test.ts'],
  },
  // The amounts (kg as credits, parsing) and the balances made of them.
  'registry-quantities': {
    mutate: ['src/registry/{quantity,totals,balances}.ts'],
    tests: [...REGISTRY_TESTS, 'test/registry/quantities.test.ts'],
  },
  // The ledger's state in two groups: what reads and checks a request (validation, the issuance
  // request, the policies, the errors), then the store, its records, views and snapshots.
  'registry-validate': {
    mutate: ['src/registry/{validate,policies,errors,issuance-request}.ts'],
    tests: [
      ...REGISTRY_TESTS,
      'test/registry/request-messages.test.ts',
      'test/registry/request-fields.test.ts',
      'test/registry/issuance-request-refusals.test.ts',
    ],
  },
  'registry-state': {
    mutate: ['src/registry/{views,store,snapshot,records}.ts'],
    tests: [
      ...REGISTRY_TESTS,
      'test/registry/ledger-views.test.ts',
      'test/registry/ledger-state.test.ts',
      'test/registry/restore.test.ts',
      'test/registry/ledger-row-changes.test.ts',
    ],
  },
  // The ledger's row form (a kept state's rows, read back at start) and the snapshot's loader.
  'registry-rows': {
    mutate: ['src/registry/{ledger-rows,restore}.ts'],
    tests: [
      'test/registry/restore.test.ts',
      'test/registry/ledger-row-changes.test.ts',
      'test/registry/ledger-rows-refusals.test.ts',
      'test/registry/ledger-state.test.ts',
    ],
  },
  'evaluate-kinks': {
    mutate: ['src/accounting/evaluate/kink-choice.ts'],
    tests: ['test/accounting/kinks.test.ts', 'test/accounting/kink-properties.test.ts', 'test/accounting/kink-choice.test.ts'],
  },
  // The rest of src/accounting/evaluate, with the evaluation's worked examples and focused tests (the
  // property suites would run whole for each mutant, every evaluation covering most of this code):
  // an entry's figures (evaluate-entries), then the components, budgets and sensitivities (evaluate).
  'evaluate-entries': {
    mutate: ['src/accounting/evaluate/{entries,entry-inputs,discount,covariance}.ts'],
    // entries.ts hands the components' derivatives on once its last chunk is merged: evaluations in turn show when.
    tests: [...ENTRY_TESTS, 'test/accounting/spare-gradients.test.ts', 'test/accounting/evaluations-in-turn.test.ts'],
  },
  'evaluate-results': {
    // lazy-entry-fields.ts and lazy-fields.ts make three of its fields (components, reused_datapoints, uncertainty_budget) on first read.
    mutate: ['src/accounting/evaluate/{entry-results,lazy-entry-fields,lazy-fields}.ts'],
    tests: [
      ...ENTRY_TESTS,
      'test/accounting/entry-warnings-sampled.test.ts',
      'test/accounting/entry-results-scope.test.ts',
      'test/accounting/lazy-components.test.ts',
      'test/accounting/lazy-reused.test.ts',
    ],
  },
  // The rest of the folder by file (each mutant of it runs every test that evaluates a graph): the
  // budget lines, the merged sensitivities, the components' figures, then evaluate.ts itself.
  'evaluate-budget': {
    mutate: ['src/accounting/evaluate/budget.ts'],
    // Focused known answers on tiny graphs (budget-lines: each line, the covariance lines, the degrees of
    // freedom, entries merged through the accumulator) and the budget's order and property behaviour.
    tests: [
      'test/accounting/budget-lines.test.ts',
      'test/accounting/budget-edges.test.ts',
      'test/accounting/budget-pair-order.test.ts',
      'test/accounting/budget.test.ts',
    ],
  },
  // Besides an entry's figures: the kinked entries (branches chosen per entry), entries merged through the
  // accumulator (budget-lines) and the propagated amortised shares (allocation).
  'evaluate-sensitivities': {
    mutate: ['src/accounting/evaluate/entry-sensitivities.ts'],
    tests: [
      'test/accounting/entry-sensitivity-paths.test.ts',
      'test/accounting/entry-sensitivity-merges.test.ts',
      'test/accounting/share-gradient-edges.test.ts',
      'test/accounting/kinked-entry-search.test.ts',
      'test/accounting/kinked-entry-order.test.ts',
      ...ENTRY_TESTS,
      'test/accounting/budget-lines.test.ts',
      'test/accounting/kinks.test.ts',
      'test/accounting/kink-choice.test.ts',
      'test/statements/allocation.test.ts',
    ],
  },
  'evaluate-components': {
    mutate: ['src/accounting/evaluate/{components,share-gradients,expression-values,branch-warnings}.ts'],
    tests: [
      'test/accounting/component-figures.test.ts',
      'test/accounting/branch-warnings-edges.test.ts',
      'test/accounting/component-kinks-branches.test.ts',
      'test/accounting/share-gradient-edges.test.ts',
      ...ENTRY_TESTS,
      'test/accounting/kinks.test.ts',
      'test/statements/allocation.test.ts',
      'test/accounting/budget-lines.test.ts',
      // An evaluation writes over the derivative array of the previous one of the same components (components.ts):
      // repeated evaluations of one prepared graph, with and without propagation in between.
      'test/accounting/spare-gradients.test.ts',
      'test/accounting/evaluations-in-turn.test.ts',
      'test/accounting/lazy-reused.test.ts',
    ],
  },
  evaluate: {
    mutate: ['src/accounting/evaluate/evaluate.ts'],
    tests: EVALUATE_TESTS,
  },
  // uncertainty and monte-carlo in groups by file, each with its own small focused test files (a mutant's cost is the
  // tests covering it), so each completes in one sitting and its state can be committed.
  'uncertainty-propagation': {
    mutate: ['src/uncertainty/propagation.ts', 'src/uncertainty/sensitivities.ts'],
    tests: ['test/uncertainty/accumulator-propagation.test.ts', 'test/uncertainty/primitives.test.ts'],
  },
  'uncertainty-order-statistics': {
    mutate: ['src/uncertainty/order-statistics.ts'],
    tests: ['test/uncertainty/order-statistics.test.ts', 'test/uncertainty/order-statistics-cost.test.ts'],
  },
  // The rest of src/uncertainty: the special functions, the marginals, the seeded generator and the Cholesky factor,
  // by their known answers (published values, closed forms, pinned first draws); then the block streams.
  'uncertainty-distributions': {
    mutate: [
      'src/uncertainty/special-functions.ts',
      'src/uncertainty/distributions.ts',
      'src/uncertainty/sampling.ts',
      'src/uncertainty/correlation.ts',
    ],
    tests: ['test/uncertainty/distributions-known.test.ts'],
  },
  'uncertainty-streams': {
    mutate: ['src/uncertainty/random-streams.ts', 'src/uncertainty/ziggurat-wasm.ts'],
    tests: ['test/uncertainty/streams-known.test.ts'],
  },
  // A run of monte-carlo in two parts by lines of run.ts (a part completes in about 20 min on the loaded machine):
  // each entry's summary and the warnings, then the run itself (checkpoints, entry ranges, merged runs). Then the
  // draws, the nets with their entry sums and the bootstrap. settings.ts holds a type only.
  'monte-carlo-summaries': {
    mutate: ['src/accounting/monte-carlo/run.ts:145-260', 'src/accounting/monte-carlo/warnings.ts'],
    tests: ['test/accounting/monte-carlo-summaries.test.ts'],
  },
  'monte-carlo-run': {
    mutate: ['src/accounting/monte-carlo/run.ts:1-144'],
    tests: ['test/accounting/monte-carlo-summaries.test.ts'],
  },
  'monte-carlo-draws': {
    mutate: ['src/accounting/monte-carlo/{draws,nets,entry-sums,bootstrap}.ts'],
    tests: ['test/accounting/monte-carlo-draws.test.ts', 'test/accounting/monte-carlo-entry-sums.test.ts'],
  },
  // The Monte Carlo's exp (the generated evaluators inline it): every figure of a blueprint with exp goes through it.
  'expressions-exp': {
    mutate: ['src/expressions/fdlibm.ts'],
    tests: ['test/expressions/fdlibm.test.ts'],
  },
  // The CLI's chunked read: every figure of a document file goes through it.
  'cli-read': {
    mutate: ['src/cli/json-stream.ts', 'src/cli/json-bytes.ts'],
    tests: ['test/cli/json-stream.test.ts', 'test/cli/shared-ids.test.ts'],
  },
  // A key written twice in one object (refused: the figures would depend on the order of the text), and where.
  'cli-keys': {
    mutate: ['src/cli/duplicate-keys.ts', 'src/cli/byte-positions.ts'],
    tests: ['test/cli/duplicate-keys.test.ts', 'test/cli/byte-positions.test.ts'],
  },
};

/** The group named by STRYKER_GROUP, or a clear error naming the groups there are. */
export function groupFromEnvironment() {
  const name = process.env.STRYKER_GROUP ?? '';
  const group = GROUPS[name];
  if (group === undefined) throw new Error(`STRYKER_GROUP '${name}' is not a group; the groups are ${Object.keys(GROUPS).join(', ')}`);
  return { name, ...group };
}
