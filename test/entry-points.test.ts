import { describe, expect, it } from 'vitest';

describe('entry points resolve to the sources in tests', () => {
  it('cdr-engine and its subpaths', async () => {
    expect(typeof (await import('cdr-engine')).evaluateGraph).toBe('function');
    expect(typeof (await import('cdr-engine/units')).parseUnit).toBe('function');
    expect(typeof (await import('cdr-engine/registry')).createLedger).toBe('function');
    expect(typeof (await import('cdr-engine/sandbox')).createSandbox).toBe('function');
    expect(typeof (await import('cdr-engine/schemas')).toValidationErrorBody).toBe('function');
    expect(typeof (await import('cdr-engine/testing'))).toBe('object');
    expect(typeof (await import('cdr-engine/report'))).toBe('object');
  });

  it('the root entry holds the evaluation, not the building blocks of the other entries', async () => {
    const root = await import('cdr-engine');
    for (const name of ['evaluateGraph', 'safeEvaluateGraph', 'prepareGraph', 'evaluatePreparedGraph', 'GraphValidationError', 'isGraphValidationError', 'DEFAULT_ACCOUNTING_POLICIES']) {
      expect(root).toHaveProperty(name);
    }
    const elsewhere = ['createSandbox', 'createLedger', 'parseUnit', 'removalGraphSchema', 'toValidationErrorBody', 'compileBlueprint', 'SensitivityAccumulator', 'propagateVariance', 'allocateCredits'];
    for (const name of elsewhere) expect(root).not.toHaveProperty(name);
  });
});
