// ESLint: the conventions of README.md#development as rules, so a violation fails `npm run lint` (and
// `npm test`) instead of living in a comment. Formatting and the import-cycle rule are Biome's (biome.jsonc).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The folder import rules: what each folder of src/ may import of the others (the `May import:`
 * line of its header comment says the same in words). A folder always imports its own files, at
 * any depth of sub-folders; anything not listed is an error. `version.ts` is src/version.ts, the
 * package version constant. Entry points (src/entry, src/index.ts) and the CLI may import anything.
 */
const MAY_IMPORT = {
  model: [],
  uncertainty: ['model'],
  units: ['model'],
  expressions: ['uncertainty', 'units', 'model'],
  accounting: ['expressions', 'uncertainty', 'units', 'model'],
  registry: ['model'],
  adapter: ['registry', 'accounting', 'expressions', 'uncertainty', 'units', 'model'],
  testing: ['accounting', 'expressions', 'uncertainty', 'units', 'model'],
  report: ['accounting', 'units', 'model', 'version.ts'],
};

/** One no-restricted-paths zone per folder: everything in src/ but itself and what it may import. */
const folderZones = Object.entries(MAY_IMPORT).map(([folder, allowed]) => ({
  target: `./src/${folder}`,
  from: './src',
  except: [folder, ...allowed].map((name) => `./${name}`),
  message: `src/${folder} may import only ${allowed.join(', ') || 'nothing'} of src/ (eslint.config.mjs, MAY_IMPORT).`,
}));

/**
 * The layers inside a folder split into sub-folders: what each sub-folder may import of its
 * siblings (its index.ts header says the same). Files at the folder's top (its index.ts) are not
 * importable from the sub-folders; the folder's own row of MAY_IMPORT still bounds the rest of src/.
 */
const SUB_FOLDER_MAY_IMPORT = {
  testing: {
    arbitraries: [],
    mutations: ['arbitraries'],
    verdicts: ['arbitraries'],
    properties: ['arbitraries', 'verdicts'],
    declarations: ['arbitraries', 'verdicts', 'properties'],
  },
  // The service side, bottom up: http and store know no resource; the resources stand on them (and
  // on the top-level context.ts, router.ts, rows.ts, state.ts); the world and the OpenAPI document on
  // the resources. A name ending in .ts is one of the folder's top-level files.
  adapter: {
    http: ['types.ts'],
    store: ['http'],
    indexes: ['store', 'rows.ts'],
    evaluation: ['http', 'rows.ts', 'state.ts'],
    resources: ['http', 'store', 'indexes', 'evaluation', 'context.ts', 'router.ts', 'rows.ts', 'state.ts'],
    world: ['evaluation', 'resources', 'rows.ts', 'state.ts'],
    openapi: ['resources', 'router.ts'],
  },
};

/** One zone per sub-folder: its folder but itself and the siblings it may import. */
const subFolderZones = Object.entries(SUB_FOLDER_MAY_IMPORT).flatMap(([folder, layers]) =>
  Object.entries(layers).map(([sub, allowed]) => ({
    target: `./src/${folder}/${sub}`,
    from: `./src/${folder}`,
    except: [sub, ...allowed].map((name) => `./${name}`),
    message: `src/${folder}/${sub} may import ${allowed.length > 0 ? `only ${allowed.join(', ')}` : 'nothing'} of src/${folder}/ (eslint.config.mjs, SUB_FOLDER_MAY_IMPORT).`,
  })),
);

/** The entry points may import every folder but the CLI; version.ts imports nothing; the service's state.ts no resource. */
const otherZones = [
  {
    target: './src/adapter/state.ts',
    from: './src/adapter/resources',
    message:
      'src/adapter/state.ts does not import the resources: its tables are typed by store/state-shape.ts and made from the list sandbox.ts hands it.',
  },
  { target: ['./src/entry', './src/index.ts'], from: './src/cli', message: 'Nothing but the CLI imports src/cli.' },
  { target: './src/version.ts', from: './src', except: ['./version.ts'], message: 'src/version.ts imports nothing.' },
];

const NODE_GLOBALS = [
  'console',
  'process',
  'performance',
  'structuredClone',
  'fetch',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'Buffer',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'queueMicrotask',
  'AbortController',
  'AbortSignal',
  'globalThis',
];

/** Test-focus and skip markers: a committed `.only` or `.skip` silently drops tests. */
const FOCUS_OR_SKIP = {
  selector: 'MemberExpression[object.name=/^(describe|suite|it|test|bench)$/][property.name=/^(only|skip|todo)$/]',
  message: 'No .only/.skip/.todo in committed tests: every test runs.',
};

/**
 * zod is bundled (tsup.config.ts): a namespace import lets the bundle keep only what is used. The `z`
 * (or default) export is zod's whole namespace as one value, which would bring its 128 locales back
 * into every entry's start-up (issue 36: about 120 ms of import('cdr-engine')).
 */
const ZOD_AS_NAMESPACE = {
  selector:
    "ImportDeclaration[source.value='zod'][importKind!='type'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message: "Write `import * as z from 'zod'` (or `import type { z }`): zod's `z` value is its whole namespace, locales included.",
};

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', 'temp/', 'artifacts/', 'bench/out/', 'etc/', 'schema/', 'examples/reports/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      // The Node 20 globals the scripts and benchmarks use (tsc checks the TypeScript files).
      globals: Object.fromEntries(NODE_GLOBALS.map((name) => [name, 'readonly'])),
    },
    rules: {
      // tsc (noUnusedLocals, noUnusedParameters) already reports these, with the project's own options.
      '@typescript-eslint/no-unused-vars': 'off',
      'no-restricted-syntax': ['error', FOCUS_OR_SKIP],
    },
  },
  {
    // CommonJS on purpose: the consumers' require() checks and the benchmarks' preload.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: Object.fromEntries(['require', 'module', 'exports', '__dirname', '__filename'].map((name) => [name, 'readonly'])),
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: {
      // No `any` in src/, so none reaches the public API.
      '@typescript-eslint/no-explicit-any': 'error',
      // `interface StateTables extends TablesOfSpecs<typeof tables> {}`: how a resource adds its tables
      // to the state's type (src/adapter/store/state-shape.ts, declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-restricted-paths': ['error', { zones: [...folderZones, ...subFolderZones, ...otherZones] }],
      // I/O only in the CLI and the HTTP binding of the service (src/adapter).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'Node built-ins (I/O) only in src/cli and src/adapter.' }] },
      ],
      'no-restricted-syntax': ['error', FOCUS_OR_SKIP, ZOD_AS_NAMESPACE],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'src/adapter/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Not I/O: `createRequire` loads decimal.js when the credits first need it, and mathjs's part of
    // the units when a formula or a unit first does (issue 36): the one synchronous way to load a
    // module on first use in ESM on Node 20.
    files: ['src/model/decimal.ts', 'src/units/mathjs-load-required.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', '!node:module'], message: 'Node built-ins (I/O) only in src/cli and src/adapter.' }] },
      ],
    },
  },
);
