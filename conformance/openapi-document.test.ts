/**
 * The service's own OpenAPI document against the real service's documents: every difference is
 * listed, and each is either fixed or named as deliberate (with its reason) in
 * deliberate-differences.ts; no rule there is stale.
 */
import { describe, expect, test } from 'vitest';
import { serviceOpenApiDocument } from '../src/adapter/openapi/openapi';
import { DELIBERATE_DIFFERENCES } from './deliberate-differences';
import { documentDifferences } from './document-differences';

describe("the service's own OpenAPI document against the real documents", () => {
  const differences = documentDifferences(serviceOpenApiDocument());

  test('serves every operation of the real documents', () => {
    expect(differences.filter((d) => d.key.endsWith(' missing')).map((d) => d.text)).toEqual([]);
  });

  test('every difference is named as deliberate, by exactly one rule with its reason', () => {
    const unexplained = differences.filter((d) => DELIBERATE_DIFFERENCES.filter((rule) => rule.pattern.test(d.key)).length !== 1);
    expect(unexplained.map((d) => `${d.text} [${d.key}]`)).toEqual([]);
    // The list, for the reader of the CI log.
    for (const rule of DELIBERATE_DIFFERENCES) {
      const covered = differences.filter((d) => rule.pattern.test(d.key));
      console.log(`${covered.length} deliberate: ${rule.reason}\n  e.g. ${covered[0]?.text ?? ''}`);
    }
  });

  test('no deliberate rule is stale', () => {
    const stale = DELIBERATE_DIFFERENCES.filter((rule) => !differences.some((d) => rule.pattern.test(d.key)));
    expect(stale.map((r) => r.reason)).toEqual([]);
  });
});
