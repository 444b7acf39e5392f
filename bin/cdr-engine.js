#!/usr/bin/env node
// Thin launcher: the CLI itself is built into dist/ by `npm ci` (prepare -> tsup).
import { main } from '../dist/cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exitCode = 70;
  },
);
