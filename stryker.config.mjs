// StrykerJS configuration of one mutation group (mutation/groups.mjs), chosen by STRYKER_GROUP;
// scripts/mutation.mjs runs the groups in turn (npm run test:mutation [group ...]).
import { groupFromEnvironment } from './mutation/groups.mjs';

const group = groupFromEnvironment();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: group.mutate,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  // The machine running it is small and shared: one test process.
  concurrency: 1,
  incremental: true,
  incrementalFile: `mutation/incremental/${group.name}.json`,
  // One sandbox per group, so two groups may run side by side; none copies another's (temp/).
  tempDirName: `temp/stryker-${group.name}`,
  ignorePatterns: ['/temp', '/bench/out', '/coverage'],
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `temp/mutation/${group.name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // Generous: on a loaded machine a narrowed test run can take several times its dry-run time, and a
  // time-out counts as a kill; a real endless loop costs this much once. Stryker adds the dry run's
  // overhead and 1.5 times its net time. 30 s when a mutant's run took 5-30 s (the engine's imports);
  // 15 s since mathjs is imported as one file (vitest.mutation.config.ts), a run taking 3-5 s at load 20.
  timeoutMS: 15_000,
};
