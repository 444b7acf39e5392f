/** The stamp a build of ensure-built.mjs leaves in dist/: its modification time is the time the build started. */
export declare const STAMP: string;
/**
 * Why the CLI must be built in the project at `root` before it runs: 'missing' (no dist/cli.js),
 * 'stale' (a file of src/, tsup.config.ts or package.json changed after the build started), or null.
 */
export declare function buildNeeded(root: string): 'missing' | 'stale' | null;
