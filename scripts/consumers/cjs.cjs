// Consumer test, CommonJS: run by scripts/consumers.mjs in a scratch project ("type": "commonjs")
// where the packed cdr-engine is installed. Requires every entry point, evaluates the bundled
// example, and checks that an error thrown by the ESM build is recognised by the CommonJS build.
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const root = require('cdr-engine');
const units = require('cdr-engine/units');
const registry = require('cdr-engine/registry');
const manifest = require('cdr-engine/package.json');
const { assertRecognised, entrySpecifiers, thrown } = require('./checks.cjs');

// Every entry point of the exports map is required (JSON documents too).
for (const { specifier } of entrySpecifiers(manifest)) {
  assert.equal(typeof require(specifier), 'object', specifier);
}

const graph = JSON.parse(readFileSync(require.resolve('cdr-engine/examples/biochar-project.json'), 'utf8'));
const result = root.evaluateGraph(graph);
assert.ok(result.ghg_entries.length > 0);
assert.equal(typeof result.ghg_entries[0].co2e_net_removed_kg, 'number');
assert.equal(typeof require('cdr-engine/sandbox').createSandbox({}).handle, 'function');

async function main() {
  // The ESM build's errors, recognised by the CommonJS build.
  const esm = { root: await import('cdr-engine'), units: await import('cdr-engine/units'), registry: await import('cdr-engine/registry') };
  assert.notEqual(esm.root.GraphValidationError, root.GraphValidationError, 'two builds are loaded');
  const cases = [
    [thrown(() => esm.root.evaluateGraph({ datapoints: 'none' })), root.GraphValidationError, root.isGraphValidationError],
    [thrown(() => esm.units.parseUnit('not a unit')), units.UnitError, units.isUnitError],
    [thrown(() => esm.registry.createLedger().createTransfer({})), registry.CreditLedgerError, registry.isCreditLedgerError],
  ];
  assertRecognised(cases, 'ESM');
  console.log('cjs: every entry point loads; the example evaluates; errors of the ESM build are recognised');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
