import { describe, expect, it } from 'vitest';

describe('entry points resolve to the sources in tests', () => {
  it('cdr-engine and its subpaths', async () => {
    expect(typeof (await import('cdr-engine')).evaluateGraph).toBe('function');
    expect(typeof (await import('cdr-engine/units')).parseUnit).toBe('function');
    expect(typeof (await import('cdr-engine/registry')).createLedger).toBe('function');
    expect(typeof (await import('cdr-engine/sandbox')).createSandbox).toBe('function');
    expect(typeof (await import('cdr-engine/schemas')).toValidationErrorBody).toBe('function');
  });
});
