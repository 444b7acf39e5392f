#!/usr/bin/env node
// Thin launcher of the CLI built into dist/. In the repository, `npm ci` builds it: npm runs the
// `dependencies` script of package.json after it changes this project's node_modules, and never
// in a project that installs the package (which receives dist/ built by `prepack`).
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
