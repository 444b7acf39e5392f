// Checks both consumer tests share (scripts/consumers/esm.mjs and cjs.cjs), copied beside them into
// the scratch projects by scripts/consumers.mjs. CommonJS, so either kind of module can load it.
const assert = require('node:assert/strict');

/** The specifiers of every entry point of an exports map (patterns and package.json left out). */
function entrySpecifiers(manifest) {
  return Object.keys(manifest.exports)
    .filter((subpath) => !subpath.includes('*') && subpath !== './package.json')
    .map((subpath) => ({ subpath, specifier: subpath === '.' ? 'cdr-engine' : `cdr-engine/${subpath.slice(2)}` }));
}

/** What `run` throws. */
function thrown(run) {
  try {
    run();
  } catch (error) {
    return error;
  }
  assert.fail('nothing was thrown');
}

/**
 * Asserts that each error thrown by the other build (`from`) is recognised by this build's guard
 * and by `instanceof` its class (the dual-package hazard): cases are [error, class, guard].
 */
function assertRecognised(cases, from) {
  for (const [error, errorClass, guard] of cases) {
    assert.ok(guard(error), `${errorClass.name}: the guard recognises the ${from} build's error`);
    assert.ok(error instanceof errorClass, `${errorClass.name}: instanceof recognises the ${from} build's error`);
  }
}

module.exports = { assertRecognised, entrySpecifiers, thrown };
