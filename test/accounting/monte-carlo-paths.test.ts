/**
 * The same Monte Carlo figures, byte for byte, whether the blueprints run as generated code or
 * through the interpreter of a host that refuses code generation (`new Function` throws, as under
 * a content security policy without 'unsafe-eval'). The threads' side of the same promise (1, 2
 * and 3 threads give the bytes of one) is checked on the built CLI by scripts/check-build.mjs.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { allowCodeGeneration, codeGenerationRefusals, importWithoutCodeGeneration } from '../no-code-generation';

const OPTIONS = {
  policies: { discountMethod: 'monte_carlo', discountPercentile: 10 },
  monteCarlo: { samples: 6000, seed: 11 },
} as const;

function example(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8'));
}

afterEach(allowCodeGeneration);

describe('compiled and interpreted Monte Carlo', () => {
  it('give the same JSON for the same seed on every bundled example', async () => {
    const names = ['biochar-project', 'biochar-statement', 'enhanced-weathering'];
    const compiled = names.map((name) => JSON.stringify(evaluateGraph(example(name), OPTIONS)));
    const fresh = await importWithoutCodeGeneration(() => import('../../src/index'));
    const interpreted = names.map((name) => JSON.stringify(fresh.evaluateGraph(example(name), OPTIONS)));
    expect(codeGenerationRefusals()).toBeGreaterThan(0);
    names.forEach((name, i) => {
      expect(interpreted[i], name).toBe(compiled[i]);
      expect(JSON.parse(compiled[i] as string).ghg_entries[0].monte_carlo.samples, name).toBe(6000);
    });
  });
});
