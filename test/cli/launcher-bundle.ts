// The launcher bin/cdr-engine.js bundled with the sources standing in for dist/ (which `npm test`
// builds only after the suites that run it), for the tests that run the CLI as its own process.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles the launcher into `dir`; the bundle's path. */
export async function bundleLauncher(dir: string): Promise<string> {
  const launcher = join(dir, 'cdr-engine.mjs');
  await build({
    entryPoints: [join(ROOT, 'bin/cdr-engine.js')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: launcher,
    logLevel: 'silent',
    // vega's CommonJS dependencies call require(): give the ES module bundle one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    plugins: [
      {
        name: 'dist-from-sources',
        setup(b) {
          b.onResolve({ filter: /dist\/cli\.js$/ }, () => ({ path: join(ROOT, 'src/cli/main.ts') }));
        },
      },
    ],
  });
  return launcher;
}

/** The environment of a launched bundle: decimal.js is `require`d on first use (src/model/decimal.ts) from the bundle's folder, found through NODE_PATH as the package finds it in its own node_modules. */
export function launcherEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, NODE_PATH: join(ROOT, 'node_modules') };
}
