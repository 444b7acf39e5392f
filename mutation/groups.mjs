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

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
export const GROUPS = {
  credits: {
    mutate: ['src/accounting/credits/credits.ts', 'src/accounting/credits/integer.ts'],
    tests: [
      'test/accounting/credits.test.ts',
      'test/accounting/credits-integer.test.ts',
      'test/accounting/credits-boundaries.test.ts',
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
  'evaluate-kinks': {
    mutate: ['src/accounting/evaluate/kink-choice.ts'],
    tests: ['test/accounting/kinks.test.ts', 'test/accounting/kink-properties.test.ts', 'test/accounting/kink-choice.test.ts'],
  },
  uncertainty: {
    mutate: ['src/uncertainty/propagation.ts', 'src/uncertainty/sensitivities.ts', 'src/uncertainty/order-statistics.ts'],
    tests: ['test/uncertainty/*.test.ts', 'test/accounting/budget.test.ts', 'test/accounting/monte-carlo.test.ts'],
  },
  'monte-carlo': {
    mutate: ['src/accounting/monte-carlo/*.ts', '!src/accounting/monte-carlo/index.ts'],
    tests: ['test/accounting/monte-carlo.test.ts', 'test/accounting/distributions-correlations.test.ts'],
  },
};

/** The group named by STRYKER_GROUP, or a clear error naming the groups there are. */
export function groupFromEnvironment() {
  const name = process.env.STRYKER_GROUP ?? '';
  const group = GROUPS[name];
  if (group === undefined) throw new Error(`STRYKER_GROUP '${name}' is not a group; the groups are ${Object.keys(GROUPS).join(', ')}`);
  return { name, ...group };
}
