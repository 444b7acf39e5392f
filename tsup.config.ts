import { defineConfig } from 'tsup';

// Library (ESM + CJS + declarations) and the CLI entry. The bin file in bin/ loads dist/cli.js.
// mathjs is bundled so that only the factories the engine builds its instance from are loaded
// (mathjs's own entry creates every function it has at import; see src/units/mathjs-instance.ts).
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    treeshake: true,
    noExternal: ['mathjs'],
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node20',
    noExternal: ['mathjs'],
  },
]);
