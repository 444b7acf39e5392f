// npm run test:mutation [group ...]: mutation testing of the money path (StrykerJS, incremental), one group
// after another (mutation/groups.mjs; all of them when none is named). Extra Stryker options follow `--`,
// e.g. `npm run test:mutation -- registry -- --force` to retest every mutant of a group.
import { spawnSync } from 'node:child_process';
import { GROUPS } from '../mutation/groups.mjs';

const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const names = separator === -1 ? argv : argv.slice(0, separator);
const extra = separator === -1 ? [] : argv.slice(separator + 1);
const unknown = names.filter((name) => GROUPS[name] === undefined);
if (unknown.length > 0) {
  console.error(`unknown mutation group(s) ${unknown.join(', ')}; the groups are ${Object.keys(GROUPS).join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of names.length > 0 ? names : Object.keys(GROUPS)) {
  console.log(`\n== mutation group ${name} ==`);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, STRYKER_GROUP: name },
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
