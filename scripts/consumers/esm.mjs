// Consumer test, ESM: run by scripts/consumers.mjs in a scratch project ("type": "module") where
// the packed cdr-engine is installed. Loads every entry point, checks what each holds, and checks
// that an error thrown by the CommonJS build is recognised by the ESM build (dual-package hazard).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as root from 'cdr-engine';
import { evaluateGraph, GraphValidationError, isGraphValidationError, VERSION } from 'cdr-engine';
import { createLedger, CreditLedgerError, isCreditLedgerError } from 'cdr-engine/registry';
import { createSandbox } from 'cdr-engine/sandbox';
import { toValidationErrorBody } from 'cdr-engine/schemas';
import { isUnitError, parseUnit, UnitError } from 'cdr-engine/units';

const require = createRequire(import.meta.url);
const manifest = require('cdr-engine/package.json');
const { assertRecognised, entrySpecifiers, thrown } = require('./checks.cjs');

// Every entry point of the exports map loads (JSON documents with an import attribute).
for (const { subpath, specifier } of entrySpecifiers(manifest)) {
  const loaded = subpath.endsWith('.json') ? (await import(specifier, { with: { type: 'json' } })).default : await import(specifier);
  assert.equal(typeof loaded, 'object', specifier);
}

assert.equal(VERSION, manifest.version);
assert.ok(Object.keys(root).length <= 60, `the root entry exports ${Object.keys(root).length} values`);
for (const name of ['evaluateGraph', 'safeEvaluateGraph', 'prepareGraph', 'evaluatePreparedGraph', 'isGraphValidationError']) {
  assert.equal(typeof root[name], 'function', name);
}
assert.equal(typeof parseUnit, 'function');
assert.equal(typeof createLedger, 'function');
assert.equal(typeof createSandbox, 'function');
assert.equal(typeof toValidationErrorBody, 'function');

// The same error class identity across the builds: the CommonJS build's errors, recognised here.
const cjs = { root: require('cdr-engine'), units: require('cdr-engine/units'), registry: require('cdr-engine/registry') };
assert.notEqual(cjs.root.GraphValidationError, GraphValidationError, 'two builds are loaded');
const cases = [
  [thrown(() => cjs.root.evaluateGraph({ datapoints: 'none' })), GraphValidationError, isGraphValidationError],
  [thrown(() => cjs.units.parseUnit('not a unit')), UnitError, isUnitError],
  [thrown(() => cjs.registry.createLedger().createTransfer({})), CreditLedgerError, isCreditLedgerError],
];
assertRecognised(cases, 'CommonJS');
// A plain error is recognised by neither.
for (const [, errorClass, guard] of cases) assert.ok(!guard(new Error('plain')) && !(new Error('plain') instanceof errorClass));
// And an ESM error is one to itself.
assert.ok(thrown(() => evaluateGraph({})) instanceof GraphValidationError);
console.log('esm: every entry point loads; errors of the CommonJS build are recognised');
