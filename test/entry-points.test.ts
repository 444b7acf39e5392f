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
    for (const name of [
      'evaluateGraph',
      'safeEvaluateGraph',
      'prepareGraph',
      'evaluatePreparedGraph',
      'GraphValidationError',
      'isGraphValidationError',
      'DEFAULT_ACCOUNTING_POLICIES',
    ]) {
      expect(root).toHaveProperty(name);
    }
    const elsewhere = [
      'createSandbox',
      'createLedger',
      'parseUnit',
      // The root exports only the schema its document types are derived from (so that its API report
      // names no symbol it leaves out); every part's schema is cdr-engine/schemas'.
      'graphDatapointSchema',
      'toValidationErrorBody',
      'compileBlueprint',
      'SensitivityAccumulator',
      'propagateVariance',
      'allocateCredits',
    ];
    for (const name of elsewhere) expect(root).not.toHaveProperty(name);
  });

  it('cdr-engine/registry holds the GHG statement lifecycle (the functions test/statements tests), the root does not', async () => {
    const registry = (await import('cdr-engine/registry')) as Record<string, unknown>;
    const statements = (await import('../src/accounting/statements')) as Record<string, unknown>;
    const root = await import('cdr-engine');
    for (const name of [
      'createGhgStatement',
      'amendGhgStatement',
      'submitGhgStatement',
      'resubmitGhgStatement',
      'verifyGhgStatement',
      'failGhgStatementVerification',
      'markGhgStatementCreditsIssued',
      'canTransitionGhgStatement',
      'pendingGhgStatementTotal',
    ]) {
      expect(typeof registry[name], name).toBe('function');
      expect(registry[name], name).toBe(statements[name]);
      expect(root).not.toHaveProperty(name);
    }
  });

  it('cdr-engine/schemas holds the schemas users validate with, not the building blocks they are made of', async () => {
    const schemas = await import('cdr-engine/schemas');
    for (const name of [
      'datapointSchema',
      'createDatapointRequestSchema',
      'listDatapointsQuerySchema',
      'creditBatchSchema',
      'removalGraphSchema',
      'toValidationErrorBody',
      'validateRequest',
    ]) {
      expect(schemas).toHaveProperty(name);
    }
    // Lenient parsers, request sentinels, id generators and the route table are the package's own.
    for (const name of ['laxNumber', 'notSent', 'isNotProvided', 'createIdGenerator', 'OPERATION_SCHEMAS', 'FIRST_WITH_LAST_MESSAGE']) {
      expect(schemas).not.toHaveProperty(name);
    }
    const values = Object.keys(schemas);
    // 189 names before the document's parts (each schema with its type) were exported one by one.
    expect(values.length).toBeLessThanOrEqual(210);
    // Every value but the 422 helpers, the pagination fields and the lists of allowed values (the
    // document's enumerations, the issue and warning codes a host filters by) is a zod schema.
    const helpers = [
      'COMPONENT_TYPES',
      'EVALUATION_WARNING_CODES',
      'GHG_STATEMENT_STATUSES',
      'GRAPH_ISSUE_CODES',
      'PROJECT_COMPONENT_ALLOCATION_STRATEGIES',
      'jsonInvalidItem',
      'parseJsonBody',
      'toValidationErrorBody',
      'toValidationErrorItems',
      'validateRequest',
      'validateRequestPart',
      'paginationQueryShape',
    ];
    const notSchemas = values.filter(
      (name) => !helpers.includes(name) && typeof (schemas as Record<string, { safeParse?: unknown }>)[name]?.safeParse !== 'function',
    );
    expect(notSchemas).toEqual([]);
  });
});
