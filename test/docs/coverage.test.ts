// The documentation says everything the code defines: every key of the graph document, every
// field of the result, every policy, every issue code and every command is in docs/, and every
// page of docs/ is linked from its index.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTING_POLICIES, evaluateGraph } from 'cdr-engine';
import { BLUEPRINT_ISSUE_CODES, DEFAULT_COMPILE_OPTIONS } from 'cdr-engine/expressions';
import { DEFAULT_LEDGER_POLICIES } from 'cdr-engine/registry';
import { COMMANDS } from '../../src/cli/commands';
import example from '../../examples/biochar-project.json';
import { everyObjectGraph } from '../model/every-object-graph';
import { markdownFiles, ROOT } from './code-blocks';

const page = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');
/** The `code` spans of a page. */
const spans = (text: string) => new Set([...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string));

describe('docs/graph-document.md', () => {
  it('has every key of every object of the JSON Schema in a table row', () => {
    const rows = new Set([...page('graph-document.md').matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] as string));
    const keys = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null) {
        const record = node as Record<string, unknown>;
        if (record['type'] === 'object' && typeof record['properties'] === 'object')
          for (const key of Object.keys(record['properties'] as object)) keys.add(key);
        Object.values(record).forEach(walk);
      }
    };
    walk(JSON.parse(readFileSync(join(ROOT, 'schema/graph.schema.json'), 'utf8')));
    expect(keys.size).toBeGreaterThan(60);
    expect([...keys].filter((k) => !rows.has(k))).toEqual([]);
  });
});

/** A JSON Schema node as the graph document's schema writes them. */
interface SchemaNode {
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly required?: readonly string[];
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
}

/** The object or array shapes a node may take (a nullable or a union lists them in anyOf or oneOf). */
const shapesOf = (node: SchemaNode | undefined): SchemaNode[] => {
  if (node === undefined) return [];
  const own = node.properties !== undefined || node.items !== undefined ? [node] : [];
  return [...own, ...[...(node.anyOf ?? []), ...(node.oneOf ?? [])].flatMap(shapesOf)];
};

/** The shapes of the object at a documented path (`component_blueprints[].inputs[]`; '' is the document). */
function objectsAt(root: SchemaNode, path: string): SchemaNode[] {
  let nodes = [root];
  for (const part of path === '' ? [] : path.split('.')) {
    const [, name, brackets] = /^(\w+)((?:\[\])*)$/.exec(part) as unknown as [string, string, string];
    nodes = nodes.flatMap((n) => shapesOf(n.properties?.[name]));
    for (let k = 0; k < brackets.length / 2; k++) nodes = nodes.flatMap((n) => shapesOf(n.items));
  }
  return nodes;
}

/**
 * Each field table of a page with the path of its object, the table's `(`path`)` heading (or an
 * `Its ...` line), the Top level section being the document: the fields it lists and those it says are required.
 */
function fieldTables(text: string): { line: number; path: string; fields: string[]; required: string[] }[] {
  const lines = text.split('\n');
  const tables: { line: number; path: string; fields: string[]; required: string[] }[] = [];
  let path: string | null = null;
  lines.forEach((line, i) => {
    if (/^## Top level\b/.test(line)) path = '';
    else if (/^#/.test(line) || /^Its /.test(line)) path = /\(`([\w.[\]]+)`\):?\s*$/.exec(line)?.[1] ?? null;
    if (!/^\| Field \|/.test(line) || path === null) return;
    const rows: string[] = [];
    for (let j = i + 2; j < lines.length && (lines[j] as string).startsWith('|'); j++) rows.push(lines[j] as string);
    const cells = rows.map((row) => /^\| `([^`]+)` \|[^|]*\| ([^|]*) \|/.exec(row)).filter((m) => m !== null);
    tables.push({
      line: i + 1,
      path,
      fields: cells.map((m) => m[1] as string),
      required: cells.filter((m) => (m[2] as string).trim() === 'required').map((m) => m[1] as string),
    });
    path = null;
  });
  return tables;
}

describe('docs/graph-document.md, table by table', () => {
  it("lists in each field table exactly the fields of the object its heading names, and marks required the schema's required ones", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema/graph.schema.json'), 'utf8')) as SchemaNode;
    const tables = fieldTables(page('graph-document.md'));
    expect(tables.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const table of tables) {
      const objects = objectsAt(schema, table.path);
      const keys = new Set(objects.flatMap((o) => Object.keys(o.properties ?? {})));
      // Required in every shape the object may take (a distribution's beta only in some types).
      const required = [...new Set(objects.flatMap((o) => o.required ?? []))].filter((k) => objects.every((o) => o.required?.includes(k)));
      const at = `docs/graph-document.md:${table.line} (${table.path === '' ? 'top level' : table.path})`;
      if (objects.length === 0) problems.push(`${at}: no such object in the JSON Schema`);
      for (const key of keys) if (!table.fields.includes(key)) problems.push(`${at}: ${key} is not listed`);
      for (const field of table.fields) if (!keys.has(field)) problems.push(`${at}: ${field} is not a field of the object`);
      for (const key of required) if (!table.required.includes(key)) problems.push(`${at}: ${key} is required but not said so`);
      for (const field of table.required) if (!required.includes(field)) problems.push(`${at}: ${field} is said required but is not`);
    }
    expect(problems).toEqual([]);
  });
});

describe('docs/result.md', () => {
  it('has every field of a result (entries, statements, Monte Carlo) in a table row', () => {
    const rows = new Set([...page('result.md').matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] as string));
    const keys = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null)
        for (const [key, value] of Object.entries(node)) {
          keys.add(key);
          walk(value);
        }
    };
    walk(evaluateGraph(example, { monteCarlo: { samples: 100, seed: 1 } }));
    walk(evaluateGraph(everyObjectGraph()));
    expect(keys).toContain('attribution_scope');
    expect(keys).toContain('project_component_shares');
    expect([...keys].filter((k) => !rows.has(k))).toEqual([]);
  });
});

describe('docs/policies.md', () => {
  it('has every accounting policy, compile option and ledger policy with its name in a table row', () => {
    const rows = new Set([...page('policies.md').matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] as string));
    const names = [
      ...Object.keys(DEFAULT_ACCOUNTING_POLICIES),
      ...Object.keys(DEFAULT_COMPILE_OPTIONS),
      ...Object.keys(DEFAULT_LEDGER_POLICIES),
    ];
    expect([...names].filter((n) => !rows.has(n))).toEqual([]);
  });

  it('states the default of every accounting policy that is a number or a word', () => {
    const text = page('policies.md');
    for (const [name, value] of Object.entries(DEFAULT_ACCOUNTING_POLICIES)) {
      if (typeof value !== 'number' && typeof value !== 'string') continue;
      const row = new RegExp(`^\\| \`${name}\` \\| \`'?${String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'?\` \\|`, 'm');
      expect(text, name).toMatch(row);
    }
  });
});

describe('docs/errors.md', () => {
  /** Every issue code the preparation and evaluation of a graph write, read from their sources. */
  function codesInSources(): Set<string> {
    const codes = new Set<string>(Object.values(BLUEPRINT_ISSUE_CODES));
    // Every module of accounting, its folders included: the preparation is one module per phase.
    const files = readdirSync(join(ROOT, 'src/accounting'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    for (const file of files) {
      const source = readFileSync(join(ROOT, 'src/accounting', file), 'utf8');
      for (const m of source.matchAll(/code: '([a-z_]+)'/g)) codes.add(m[1] as string);
      for (const m of source.matchAll(/,\s*'([a-z]{2,}(?:_[a-z0-9]{2,})+)',\s*[`']/g)) codes.add(m[1] as string);
    }
    return codes;
  }

  it('has every issue code of a graph document', () => {
    const codes = codesInSources();
    expect(codes.size).toBeGreaterThan(55);
    const documented = spans(page('errors.md'));
    expect([...codes].filter((c) => !documented.has(c))).toEqual([]);
  });
});

describe('docs/cli.md', () => {
  it('has the usage of every command', () => {
    const text = page('cli.md');
    expect(COMMANDS.filter((c) => !text.includes(c.usage)).map((c) => c.name)).toEqual([]);
  });
});

describe('links', () => {
  it('docs/README.md links every page of docs/', () => {
    const index = page('README.md');
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pages.filter((p) => !index.includes(`](${p})`))).toEqual([]);
  });

  it('every relative link of README.md and docs/ leads to a file', () => {
    // Written on the units and service branches; linked here before they arrive.
    const pending = new Set(['docs/units.md', 'docs/service.md']);
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        const target = m[1] as string;
        if (/^[a-z]+:/.test(target)) continue;
        const path = normalize(join(dirname(file), target));
        if (!existsSync(path) && !pending.has(normalize(path.slice(ROOT.length)))) broken.push(`${file.slice(ROOT.length)} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
