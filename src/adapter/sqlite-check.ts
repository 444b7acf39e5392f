/**
 * `PRAGMA quick_check` of a state file in a worker thread, on a read-only connection of its own, so
 * that it runs beside the loading of the rows rather than before it (on a file of a million rows it
 * reads every page: seconds). The server waits for its answer before it accepts a connection
 * (cli/serve.ts, `startServer`), and nothing is written to the file in between: a file that needs a
 * migration is checked before it, in the opening connection (sqlite-state.ts).
 *
 * Node-only, loaded by sqlite-state.ts.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker: opens the file read-only, checks it, posts `{ result }` or `{ error, code }`. Plain CommonJS, evaluated. */
const CHECK = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.path, { readonly: true, timeout: 1000 });
  parentPort.postMessage({ result: String(db.pragma('quick_check', { simple: true })) });
} catch (error) {
  parentPort.postMessage({ error: String(error && error.message), code: error && error.code });
} finally {
  if (db !== undefined) db.close();
}
`;

/** What the check found: `ok`, or what SQLite reports (a problem, or an error and its code). */
export interface CheckAnswer {
  readonly result?: string;
  readonly error?: string;
  readonly code?: string;
}

/** Starts the check of the file at `path`; resolves with its answer (never rejects: a worker that fails is an answer too). */
export function checkAside(path: string): Promise<CheckAnswer> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve) => {
    const worker = new Worker(CHECK, { eval: true, workerData: { driver, path } });
    let answered = false;
    worker.once('message', (answer: CheckAnswer) => {
      answered = true;
      resolve(answer);
    });
    worker.once('error', (error) => resolve({ error: error.message }));
    worker.once('exit', (code) => {
      if (!answered) resolve({ error: `the check stopped (exit code ${code})` });
    });
  });
}
