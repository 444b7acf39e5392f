#!/usr/bin/env node
// Thin launcher of the CLI built into dist/ (`npm run build`; `npm start` builds it when missing,
// and a project that installs the package receives it built by `prepack`).
let cli;
try {
  cli = await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/dist[\\/]cli\.js/.test(String(error.message))) throw error;
  console.error('cdr-engine: the CLI is not built (no dist/cli.js); run `npm run build` in the repository first');
  process.exit(2);
}

// `cdr-engine evaluate | head` closes the pipe early: exit 0 quietly, as head expects (src/cli/io.ts).
cli.endQuietlyOnClosedPipe(process, (code) => process.exit(code));

// The command has finished (serve only after its server and state are closed): exit once the output is out (src/cli/io.ts).
cli.main(process.argv.slice(2)).then(
  (code) => cli.exitWhenWritten(process, (c) => process.exit(c), code),
  (error) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exitCode = 70;
  },
);
