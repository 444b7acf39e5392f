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
