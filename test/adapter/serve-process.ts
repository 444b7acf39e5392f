// `cdr-engine serve` as a process of its own, for the tests that signal, kill or starve it: the
// command bundled from the sources (esbuild comes with tsup), started on a free loopback port.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The bundled demo world. */
export const DEMO_WORLD_PATH = fileURLToPath(new URL('../../worlds/demo.json', import.meta.url));

/**
 * Bundles the serve command and returns its path: in a folder of its own under the project's
 * node_modules/.cache (removed when the test process exits), so that the bundle finds the
 * project's better-sqlite3 as an installed server would; `dir` holds the entry. The process reads its
 * limits (`serveCommand`'s fourth argument) as JSON from the environment variable SERVE_LIMITS.
 */
export async function bundleServe(dir: string): Promise<string> {
  const entry = join(dir, 'entry.ts');
  const serve = JSON.stringify(fileURLToPath(new URL('../../src/cli/serve.ts', import.meta.url)));
  writeFileSync(
    entry,
    `import { serveCommand } from ${serve};\nserveCommand(process.argv.slice(2), undefined, undefined, JSON.parse(process.env.SERVE_LIMITS ?? '{}')).then((code) => { process.exitCode = code; });\n`,
  );
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'cdr-serve-'));
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const bundle = join(out, 'serve.mjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
  return bundle;
}

/** A running serve process: its address once printed, its exit code, and everything it printed. */
export interface ServeProcess {
  readonly process: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly exited: Promise<number | null>;
  output(): string;
}

/**
 * Starts the bundled command with `args` on port 0 and the demo world, and waits for its address;
 * `prefix` runs it through another command (`prlimit ... --`, `unshare ...`).
 */
export async function spawnServe(
  bundle: string,
  args: readonly string[],
  limits: object = {},
  prefix: readonly string[] = [],
): Promise<ServeProcess> {
  const [command, ...rest] = [...prefix, process.execPath, bundle, '--port', '0', '--world', DEMO_WORLD_PATH, ...args];
  const child = spawn(command as string, rest, {
    env: { ...process.env, SERVE_LIMITS: JSON.stringify(limits) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed: ${output}`)), 90_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(() => reject(new Error(`exited early: ${output}`)));
  });
  return { process: child, url, exited, output: () => output };
}
