/**
 * How mathjs-instance.ts reaches mathjs-factories.ts: here, as a static import (vitest runs src/);
 * in the package's builds, tsup.config.ts puts mathjs-load-required.ts in this module's place, which
 * `require`s the factories' own file on the first call, so that importing an entry does not load mathjs.
 */
import * as factories from './mathjs-factories';

/** The module that makes the engine's mathjs instances. */
export type MathjsFactories = typeof factories;

/** mathjs-factories.ts. */
export function mathjsFactories(): MathjsFactories {
  return factories;
}
