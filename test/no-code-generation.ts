/**
 * A host that refuses code generation (`new Function` throws, as under a content security policy
 * without 'unsafe-eval'), for the tests that hold generated and interpreted evaluation equal.
 * zod compiles its own fast paths with `new Function` too (graph documents and options are zod
 * schemas); such a host tells it `jitless` before the schemas are built, so the modules are
 * imported afresh after it, and their caches of generated evaluators start empty.
 */
import { vi } from 'vitest';
import { z } from 'zod';

let refusals = 0;

/** `load()`'s modules, imported afresh under a host without code generation (until {@link allowCodeGeneration}). */
export async function importWithoutCodeGeneration<T>(load: () => Promise<T>): Promise<T> {
  refusals = 0;
  vi.resetModules();
  z.config({ jitless: true });
  refuseFunction();
  return load();
}

/** `f()` with `Function` refused, for modules already imported by {@link importWithoutCodeGeneration}. */
export function withoutCodeGeneration<T>(f: () => T): T {
  refuseFunction();
  try {
    return f();
  } finally {
    vi.unstubAllGlobals();
  }
}

function refuseFunction(): void {
  vi.stubGlobal('Function', function refuse(): never {
    refusals++;
    throw new EvalError('code generation from strings disallowed for this context');
  });
}

/** How often code generation was refused since the last {@link importWithoutCodeGeneration}. */
export function codeGenerationRefusals(): number {
  return refusals;
}

/** The host as it was: `Function` and zod's fast paths back, the module cache emptied. */
export function allowCodeGeneration(): void {
  vi.unstubAllGlobals();
  z.config({ jitless: false });
  vi.resetModules();
}
