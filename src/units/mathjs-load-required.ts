/**
 * mathjs-load.ts in the package's builds (tsup.config.ts resolves `./mathjs-load` to this file):
 * mathjs-factories.ts is its own CommonJS file, dist/mathjs-units.cjs, `require`d on the first call
 * (the first formula parsed, the first unit outside the table of unit values), from this chunk's file
 * in the CommonJS build and its URL in the ESM build (Node 20 has no synchronous `import`). Issue 36:
 * mathjs's parser, unit class and typed functions were about a fifth of `import('cdr-engine')`.
 * Both builds in one process load the one file: one copy of mathjs's code.
 */
import { createRequire } from 'node:module';
import type { MathjsFactories } from './mathjs-load';

let loaded: MathjsFactories | undefined;

/**
 * dist/mathjs-units.cjs, loaded on the first call. A file that cannot be loaded is thrown as what it
 * is, the package's file missing where its chunks run (a host that bundled cdr-engine into its own
 * file), never as a problem of the formula or unit that asked for it (README, "Loaded on first use").
 */
export function mathjsFactories(): MathjsFactories {
  if (loaded === undefined) {
    const here = typeof __filename === 'string' ? __filename : import.meta.url;
    try {
      loaded = createRequire(here)('./mathjs-units.cjs') as MathjsFactories;
    } catch (error) {
      throw new Error(
        `cdr-engine could not load its file dist/mathjs-units.cjs beside ${here} (${(error as Error).message.split('\n')[0]}): ` +
          'a bundle of an application keeps cdr-engine external (esbuild --external:cdr-engine, webpack externals), so that the package is required from node_modules with its files',
        { cause: error },
      );
    }
  }
  return loaded;
}
