// The launcher ends the process as soon as a command's output is out (src/cli/io.ts,
// exitWhenWritten), without the heap's teardown: the exit must still wait for every byte written to
// standard output and standard error, and keep the command's exit code. The launcher is bundled with
// the sources standing in for dist/ (launcher-bundle.ts) and run as its own process.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitWhenWritten } from '../../src/cli/io';
import { bundleLauncher, launcherEnvironment, ROOT as root } from './launcher-bundle';
import { runCli } from './run-cli';

let dir = '';
let launcher = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdr-exit-'));
  launcher = await bundleLauncher(dir);
  copyFileSync(join(root, 'examples/biochar-project.json'), join(dir, 'graph.json'));
  writeFileSync(join(dir, 'broken.json'), '{"components": [}');
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the launcher; its stdout is read only after `delayMs`, so that a large output fills the pipe first. */
function runLauncher(args: readonly string[], delayMs: number): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], { cwd: dir, env: launcherEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.pause();
    setTimeout(() => {
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stdout.resume();
    }, delayMs);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out: Buffer.concat(out).toString('utf8'), err }));
  });
}

describe('the launcher exits once the output is out', () => {
  it('delivers every byte of a large output to a slow reader, with exit 0', async () => {
    const args = ['report', join(dir, 'graph.json'), '--entry', 'rmv_01JA0BATCHA000000000'];
    const expected = await runCli(args);
    expect(expected.out.length).toBeGreaterThan(64 * 1024);
    expect(await runLauncher(args, 300)).toEqual({ code: 0, out: expected.out, err: expected.err });
  }, 60_000);

  it('keeps the exit code and the whole message of a failing command', async () => {
    const args = ['evaluate', join(dir, 'broken.json')];
    const expected = await runCli(args);
    expect(expected.code).toBe(1);
    expect(await runLauncher(args, 0)).toEqual({ code: 1, out: '', err: expected.err });
  }, 60_000);
});

describe('exitWhenWritten', () => {
  /** A stream whose writes complete only when `flush` is called, as an asynchronous pipe's do. */
  function slowStream(name: string, log: string[]): { stream: Writable; flush: () => void } {
    const pending: (() => void)[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        log.push(`${name} wrote '${chunk.toString()}'`);
        pending.push(callback);
      },
    });
    return { stream, flush: () => pending.splice(0).forEach((done) => done()) };
  }

  it('exits with the code only after both streams have flushed what was written before', async () => {
    const log: string[] = [];
    const stdout = slowStream('stdout', log);
    const stderr = slowStream('stderr', log);
    stdout.stream.write('result');
    stderr.stream.write('warning');
    exitWhenWritten({ stdout: stdout.stream, stderr: stderr.stream }, (code) => log.push(`exit ${code}`), 3);
    const settle = () => new Promise((done) => setImmediate(done));
    await settle();
    expect(log).not.toContain('exit 3');
    stdout.flush();
    await settle();
    stdout.flush();
    await settle();
    expect(log).not.toContain('exit 3');
    stderr.flush();
    await settle();
    stderr.flush();
    await settle();
    expect(log.at(-1)).toBe('exit 3');
    expect(log.filter((line) => line.startsWith('exit'))).toEqual(['exit 3']);
  });
});
