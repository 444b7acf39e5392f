// The conventions checked by `npm run lint` (README.md#development): the folder table of
// eslint.config.mjs covers every folder of src/ and says what the folders' header comments say, and
// the rules built from it reject what they should and accept the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './docs/code-blocks';

interface Zone {
  target: string | string[];
  from: string;
  except?: string[];
}

/** Folders free of the table: the CLI and the entry points may import any folder. */
const UNRESTRICTED = ['cli', 'entry'];

let eslint: ESLint;
/** The table as the linter sees it: folder -> the other parts of src/ it may import. */
let table: Map<string, string[]>;
/** The sub-folder table as the linter sees it: "folder/sub" -> the siblings it may import. */
let subTable: Map<string, string[]>;

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT, cache: false });
  const config = (await eslint.calculateConfigForFile('src/model/index.ts')) as { rules: Record<string, [unknown, { zones: Zone[] }]> };
  const zones = config.rules['import-x/no-restricted-paths']?.[1].zones ?? [];
  table = new Map();
  subTable = new Map();
  for (const zone of zones) {
    const sub = typeof zone.target === 'string' ? zone.target.match(/^\.\/src\/([\w-]+\/[\w-]+)$/)?.[1] : undefined;
    if (sub !== undefined && zone.from === `./src/${sub.split('/')[0]}`) {
      const own = sub.split('/')[1];
      subTable.set(
        sub,
        (zone.except ?? []).map((e) => e.slice('./'.length)).filter((name) => name !== own),
      );
    }
    const target = typeof zone.target === 'string' ? zone.target.match(/^\.\/src\/([\w-]+)$/)?.[1] : undefined;
    if (target === undefined || zone.from !== './src') continue;
    table.set(
      target,
      (zone.except ?? []).map((e) => e.slice('./'.length)).filter((name) => name !== target),
    );
  }
});

/** The names a folder's header comment allows after `May import:` (or `Imports:`), among `known`. */
function headerAllows(folder: string, known: Set<string>): string[] {
  const text = readFileSync(join(ROOT, 'src', ...folder.split('/'), 'index.ts'), 'utf8');
  const header = (text.match(/^\/\*\*([\s\S]*?)\*\//)?.[1] ?? '').replace(/\n\s*\*\s?/g, ' ');
  const list = header.match(/(?:May import|Imports):\s*(.*?)\.(?:\s|$)/)?.[1] ?? '';
  return [...new Set(list.match(/[\w-]+(?:\.ts)?/g) ?? [])].filter((word) => known.has(word)).sort();
}

/** The messages of `ruleId` when `code` is linted as the file `path`. */
async function findings(path: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

describe('the folder import table (eslint.config.mjs)', () => {
  it('has a row for every folder of src/ but the CLI and the entry points', () => {
    const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !UNRESTRICTED.includes(d.name))
      .map((d) => d.name);
    expect([...table.keys()].sort()).toEqual(folders.sort());
    expect(table.get('model')).toEqual([]);
    expect(table.get('units')).toEqual(['model']);
  });

  it("says what each folder's header comment says", () => {
    const known = new Set([...table.keys(), ...UNRESTRICTED, 'version.ts']);
    for (const [folder, allowed] of table) {
      expect({ folder, allowed: headerAllows(folder, known) }).toEqual({ folder, allowed: [...allowed].sort() });
    }
  });

  it('rejects an import the table does not list, type imports and sub-folders included', async () => {
    expect(
      await findings('src/model/probe.ts', "import type { Dimension } from '../units';\n", 'import-x/no-restricted-paths'),
    ).toHaveLength(1);
    const deep = "import { createLedger } from '../../registry';\nimport { main } from '../../cli/main';\n";
    expect(await findings('src/accounting/probe/probe.ts', deep, 'import-x/no-restricted-paths')).toHaveLength(2);
  });

  it('accepts a listed folder and the folder itself, at any depth', async () => {
    const code = "import type { Issue } from '../../model';\nimport { evaluateGraph } from '../evaluate';\n";
    expect(await findings('src/accounting/probe/probe.ts', code, 'import-x/no-restricted-paths')).toEqual([]);
    expect(await findings('src/entry/probe.ts', "export * from '../testing';\n", 'import-x/no-restricted-paths')).toEqual([]);
  });
});

describe('the sub-folder import table (eslint.config.mjs, SUB_FOLDER_MAY_IMPORT)', () => {
  it('has a row for every sub-folder of a layered folder, each with its header', () => {
    const layered = [...new Set([...subTable.keys()].map((key) => key.split('/')[0] ?? ''))];
    expect(layered).toEqual(['testing', 'adapter']);
    for (const folder of layered) {
      const entries = readdirSync(join(ROOT, 'src', folder), { withFileTypes: true });
      const subs = entries.filter((d) => d.isDirectory()).map((d) => `${folder}/${d.name}`);
      expect([...subTable.keys()].filter((key) => key.startsWith(`${folder}/`)).sort()).toEqual(subs.sort());
      // A layer may also name one of the folder's top-level files (`rows.ts`).
      const topFiles = entries.filter((d) => d.isFile() && d.name.endsWith('.ts')).map((d) => d.name);
      const siblings = new Set([...subs.map((key) => key.split('/')[1] ?? ''), ...topFiles]);
      for (const sub of subs) {
        expect({ sub, allowed: headerAllows(sub, siblings) }).toEqual({ sub, allowed: [...(subTable.get(sub) ?? [])].sort() });
      }
    }
  });

  it('rejects a planted import against the layers, and the folder index from a sub-folder', async () => {
    const up = "import { runProperty } from '../verdicts/verdict';\n";
    expect(await findings('src/testing/arbitraries/probe.ts', up, 'import-x/no-restricted-paths')).toHaveLength(1);
    const sideways = "import { misspelled } from '../mutations/mutations';\n";
    expect(await findings('src/testing/properties/probe.ts', sideways, 'import-x/no-restricted-paths')).toHaveLength(1);
    expect(await findings('src/testing/verdicts/probe.ts', "import { graphOf } from '..';\n", 'import-x/no-restricted-paths')).toHaveLength(
      1,
    );
  });

  it("rejects a planted import from the adapter's store to a resource, the world or a top-level file it does not list", async () => {
    const resource = "import type { FeedstockTypeRow } from '../rows';\nimport { feedstockRoutes } from '../resources/feedstock/routes';\n";
    expect(await findings('src/adapter/store/probe.ts', resource, 'import-x/no-restricted-paths')).toHaveLength(2);
    const world = "import { loadWorld } from '../world/world';\n";
    expect(await findings('src/adapter/store/probe.ts', world, 'import-x/no-restricted-paths')).toHaveLength(1);
    expect(await findings('src/adapter/resources/probe.ts', world, 'import-x/no-restricted-paths')).toHaveLength(1);
    const accepted = "import { Table } from './store';\nimport { notFound } from '../http/failures';\n";
    expect(await findings('src/adapter/store/probe.ts', accepted, 'import-x/no-restricted-paths')).toEqual([]);
    const resourceDown = "import { Table } from '../../store/store';\nimport type { ServiceState } from '../../state';\n";
    expect(await findings('src/adapter/resources/feedstock/probe.ts', resourceDown, 'import-x/no-restricted-paths')).toEqual([]);
  });

  it("rejects a planted import of the resource list into the service's state.ts, which the composition root hands it", async () => {
    const list = "import { RESOURCES } from './resources';\nimport type { ResourceTables } from './resources/index';\n";
    expect(await findings('src/adapter/state.ts', list, 'import-x/no-restricted-paths')).toHaveLength(2);
    expect(await findings('src/adapter/sandbox.ts', list, 'import-x/no-restricted-paths')).toEqual([]);
  });

  it('accepts an import down the layers and within a sub-folder', async () => {
    const code =
      "import { graphOf } from '../arbitraries/graph';\nimport { runProperty } from '../verdicts/verdict';\nimport { checkSignConventions } from './signs';\n";
    expect(await findings('src/testing/properties/probe.ts', code, 'import-x/no-restricted-paths')).toEqual([]);
  });
});

describe('the other conventions', () => {
  it('Node built-ins only in src/cli and src/adapter', async () => {
    const code = "import { readFileSync } from 'node:fs';\n";
    expect(await findings('src/units/probe.ts', code, 'no-restricted-imports')).toHaveLength(1);
    expect(await findings('src/cli/probe.ts', code, 'no-restricted-imports')).toEqual([]);
  });

  it('no .only, .skip or .todo in tests', async () => {
    // The probe's calls are built from parts so that this file holds no focused or skipped test itself.
    const calls = ['only', 'skip'].map((m) => `it.${m}('${m}', () => {});\n`).join('');
    const code = `import { it } from 'vitest';\n${calls}it('c', () => {});\n`;
    expect(await findings('test/probe.test.ts', code, 'no-restricted-syntax')).toHaveLength(2);
  });

  it('no `any` in src/', async () => {
    expect(
      await findings('src/units/probe.ts', 'export const f = (x: any): number => x;\n', '@typescript-eslint/no-explicit-any'),
    ).toHaveLength(1);
  });
});
