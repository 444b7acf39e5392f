// Control characters in a document's ids never reach the terminal as they are (src/cli/terminal-text.ts,
// docs/cli.md "Exit codes and messages"): the problems and warnings on stderr, the table, the
// refused entries, the calculation report and the check report show them as JSON string escapes,
// so that an id cannot forge a line of stderr, erase one or colour the table. The JSON output
// escapes them as JSON does.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RemovalGraphInput } from '../../src';
import { terminalLines, terminalText } from '../../src/cli/terminal-text';
import { runCli as run } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'cdr-engine-control-'));
let written = 0;
function file(document: unknown): string {
  const path = join(dir, `g${written++}.json`);
  writeFileSync(path, JSON.stringify(document));
  return path;
}

/** Any control character other than the line feed that ends each line a command writes. */
// eslint-disable-next-line no-control-regex -- the test looks for them.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** A storage and a transport component in one entry (the audit's document), with ids to choose. */
function graph(ids: { entry?: string; stored?: string; used?: string; component?: string } = {}): RemovalGraphInput {
  const stored = ids.stored ?? 'dtp_stored';
  return {
    component_blueprints: [
      {
        key: 'storage',
        type: 'SEQUESTRATION',
        inputs: [{ input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't' }],
        expressions: [{ key: 'stored', template: '{m}', inputs: [{ template_key: 'm', input_key: 'mass', type: 'DATAPOINT' }] }],
      },
    ],
    datapoints: [{ id: stored, quantity: { magnitude: 12, unit: 't', standard_deviation: 0.5 } }],
    components: [
      {
        id: ids.component ?? 'cmp_storage',
        blueprint_key: 'storage',
        inputs: [{ input_key: 'mass', datapoint_ids: [ids.used ?? stored] }],
      },
    ],
    ghg_entries: [
      {
        id: ids.entry ?? 'rmv_one',
        risk_of_reversal_percentage: 5,
        component_attributions: [{ component_id: ids.component ?? 'cmp_storage', attribution_factor: 1 }],
      },
    ],
  };
}

describe('terminalText', () => {
  it('escapes C0, DEL and C1 as JSON does, and leaves the rest (a backslash included)', () => {
    expect(terminalText('a\nb\tc\r\u001b[2K\u0000\u007f\u009b\\d é')).toBe('a\\nb\\tc\\r\\u001b[2K\\u0000\\u007f\\u009b\\d é');
    expect(terminalLines('one\u001b[31m\ntwo\r')).toBe('one\\u001b[31m\ntwo\\r');
  });
});

describe('ids with control characters on the command line', () => {
  it('a datapoint id forging a line of stderr stays on its own line, escaped (the audit)', async () => {
    const forged = "dtp_x' [unknown_datapoint]\ncdr-engine evaluate: (nothing else is wrong) \u001b[2K";
    const path = file(graph({ used: forged }));
    const { code, err } = await run(['evaluate', path]);
    expect(code).toBe(1);
    expect(err).not.toMatch(RAW_CONTROL);
    const lines = err.split('\n');
    expect(lines).toHaveLength(3); // the count, one problem, the final line feed
    expect(lines[1]).toContain("dtp_x' [unknown_datapoint]\\ncdr-engine evaluate: (nothing else is wrong) \\u001b[2K");
    expect(lines[2]).toBe('');
  });

  it('an entry id colouring the table is escaped in every cell and line; the JSON output escapes it as JSON', async () => {
    const entry = 'rmv_\u001b[31mred\u001b[0m';
    const path = file(graph({ entry, stored: 'dtp_\ttab', component: 'cmp_\r\nline' }));
    const table = await run(['evaluate', path, '--format', 'table', '--entries', 'all']);
    expect(table.code).toBe(0);
    expect(table.out).not.toMatch(RAW_CONTROL);
    expect(table.out).toContain('rmv_\\u001b[31mred\\u001b[0m  ');
    expect(table.out).toContain('GHG entry rmv_\\u001b[31mred\\u001b[0m\n');
    expect(table.out).toContain('cmp_\\r\\nline  ');
    expect(table.out).toContain('dtp_\\ttab');
    const json = await run(['evaluate', path]);
    expect(JSON.parse(json.out).ghg_entries[0].id).toBe(entry);
    expect(json.out).toContain('"id": "rmv_\\u001b[31mred\\u001b[0m"');
  });

  it('warnings, refused entries and the calculation report escape them too', async () => {
    // 12 Mt stored: above the realistic range of a mass, a warning naming the datapoint.
    const warned = graph({ stored: 'dtp_\u001b]0;title\u0007' });
    (warned.datapoints[0] as { quantity: { magnitude: number } }).quantity.magnitude = 1e12;
    const warning = await run(['evaluate', file(warned)]);
    expect(warning.err).toContain("datapoint 'dtp_\\u001b]0;title\\u0007'");
    expect(warning.err).not.toMatch(RAW_CONTROL);

    const refused = graph({ entry: 'rmv_\nrefused' });
    refused.component_blueprints[0]!.expressions[0]!.template = '{m} / 0';
    const path = file(refused);
    const evaluated = await run(['evaluate', path, '--format', 'table']);
    expect(evaluated.code).toBe(1);
    expect(`${evaluated.out}${evaluated.err}`).not.toMatch(RAW_CONTROL);
    expect(evaluated.out).toContain('  rmv_\\nrefused: component ');
    expect(evaluated.err).toContain(': rmv_\\nrefused: component ');

    const explained = await run(['explain', file(graph({ entry: 'rmv_\u001b[31mred' })), 'rmv_\u001b[31mred']);
    expect(explained.code).toBe(0);
    expect(explained.out).not.toMatch(RAW_CONTROL);
    expect(explained.out).toContain('rmv_\\u001b[31mred');
  });

  it('the check report escapes a blueprint key', async () => {
    const library = graph();
    library.component_blueprints[0]!.key = 'storage\u001b[2K';
    const { out, err } = await run(['check', file({ component_blueprints: library.component_blueprints }), '--runs', '2']);
    expect(err).toBe('');
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('\nstorage\\u001b[2K (SEQUESTRATION)\n');
  });
});

describe('serve: a world document with control characters in its problems', () => {
  it('prints each problem on its line, escaped, and exits 1', async () => {
    const { code, out, err } = await run(['serve', '--port', '0', '--world', file({ 'clients\n\u001b[2K': [] })]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).not.toMatch(RAW_CONTROL);
    expect(err).toContain("unknown key 'clients\\n\\u001b[2K'");
    expect(err.split('\n')).toHaveLength(3); // the error's two lines, the final line feed
  });
});

describe('property: no id puts a raw control character on stderr or in the table', () => {
  const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f, ...Array.from({ length: 32 }, (_, i) => 0x80 + i)].map((c) =>
    String.fromCharCode(c),
  );
  /** A string holding at least one control character among other characters. */
  const withControls = fc
    .tuple(fc.string({ maxLength: 8 }), fc.array(fc.constantFrom(...CONTROLS), { minLength: 1, maxLength: 4 }), fc.string({ maxLength: 8 }))
    .map(([before, controls, after]) => `${before}${controls.join('')}${after}`);

  it('as an unknown datapoint (stderr, one line per problem) and as entry, component and datapoint ids (the table)', async () => {
    await fc.assert(
      fc.asyncProperty(withControls, withControls, async (a, b) => {
        const refused = await run(['evaluate', file(graph({ used: `dtp_${a}` }))]);
        expect(refused.code).toBe(1);
        expect(refused.err).not.toMatch(RAW_CONTROL);
        expect(refused.err.split('\n')).toHaveLength(3);
        expect(refused.err).toContain(terminalText(`dtp_${a}`));

        const ids = { entry: `rmv_${a}`, component: `cmp_${b}`, stored: `dtp_${a}${b}` };
        const plain = await run(['evaluate', file(graph({ entry: 'rmv_1', component: 'cmp_1', stored: 'dtp_1' })), '--format', 'table']);
        const table = await run(['evaluate', file(graph(ids)), '--format', 'table']);
        expect(table.code).toBe(0);
        expect(`${table.out}${table.err}`).not.toMatch(RAW_CONTROL);
        expect(table.out.split('\n')).toHaveLength(plain.out.split('\n').length);
        expect(table.out).toContain(`GHG entry ${terminalText(ids.entry)}\n`);
      }),
      { numRuns: 40, seed: 11 },
    );
  });
});
