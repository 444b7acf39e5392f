// Output to a closed pipe (issue 27 item 1): `cdr-engine ... | head -n 5` must end quietly, exit 0
// with nothing on stderr, for every command and format. The launcher bin/cdr-engine.js is bundled
// with the sources standing in for dist/ (which `npm test` builds only after this suite), then run
// as its own process whose standard output is closed before it writes: every write fails with
// EPIPE, whatever the machine's load, so the outcome does not depend on timing.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endQuietlyOnClosedPipe } from '../../src/cli/io';
import { bundleLauncher, launcherEnvironment, ROOT as root } from './launcher-bundle';

const EXAMPLE = join(root, 'examples/biochar-project.json');
const ENTRY = 'rmv_01JA0BATCHA000000000';
let dir = '';
let launcher = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdr-pipe-'));
  launcher = await bundleLauncher(dir);
  copyFileSync(EXAMPLE, join(dir, 'graph.json'));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the launcher with its standard output closed before it can write; its exit code and stderr. */
function runIntoClosedPipe(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], { cwd: dir, env: launcherEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    // Closed at once: the child is still starting, so its first write meets a pipe without a reader.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const COMMANDS: readonly (readonly string[])[] = [
  ['evaluate', 'graph.json'],
  ['evaluate', 'graph.json', '--format', 'table'],
  ['evaluate', 'graph.json', '--format', 'ndjson'],
  ['explain', 'graph.json', ENTRY],
  ['report', 'graph.json', '--entry', ENTRY],
  ['schema'],
  ['check', join(root, 'examples/biochar.methodology.json'), '--runs', '2'],
  ['help'],
  ['evaluate', '--help'],
  ['--version'],
];

describe('a closed pipe on standard output', () => {
  it.each(COMMANDS.map((c) => [c.join(' '), c] as const))('`%s | head` ends with exit 0 and nothing on stderr', async (_, args) => {
    expect(await runIntoClosedPipe(args)).toEqual({ code: 0, stderr: '' });
  });
});

describe('endQuietlyOnClosedPipe', () => {
  const fakeStreams = () => {
    const listeners: Record<'stdout' | 'stderr', ((error: NodeJS.ErrnoException) => void)[]> = { stdout: [], stderr: [] };
    const stream = (name: 'stdout' | 'stderr') =>
      ({
        on: (_event: string, listener: (error: NodeJS.ErrnoException) => void) => listeners[name].push(listener),
      }) as unknown as NodeJS.WritableStream;
    return { listeners, streams: { stdout: stream('stdout'), stderr: stream('stderr') } };
  };
  const error = (code: string) => Object.assign(new Error(code), { code });

  it('exits 0 on EPIPE on stdout, swallows it on stderr, rethrows anything else', () => {
    const { listeners, streams } = fakeStreams();
    const exits: number[] = [];
    endQuietlyOnClosedPipe(streams, (code) => exits.push(code));
    listeners.stdout[0]?.(error('EPIPE'));
    expect(exits).toEqual([0]);
    listeners.stderr[0]?.(error('EPIPE'));
    expect(exits).toEqual([0]);
    expect(() => listeners.stdout[0]?.(error('ENOSPC'))).toThrow('ENOSPC');
    expect(() => listeners.stderr[0]?.(error('EIO'))).toThrow('EIO');
  });
});
