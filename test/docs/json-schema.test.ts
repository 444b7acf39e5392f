// The JSON Schema of the graph document (schema/graph.schema.json, shipped as
// cdr-engine/graph.schema.json): generated from the zod schema, committed up to date, printed by
// `cdr-engine schema`, and strict enough that an editor's validator (ajv) refuses a misspelled key.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import shipped from 'cdr-engine/graph.schema.json';
import { safeEvaluateGraph } from 'cdr-engine';
import { main } from '../../src/cli/main';
import { graphJsonSchemaText } from '../../src/model/graph-json-schema';
import example from '../../examples/biochar-project.json';
import { everyObjectGraph } from '../model/every-object-graph';

const FILE = new URL('../../schema/graph.schema.json', import.meta.url);

function validator() {
  const ajv = new Ajv({ allErrors: true, strict: true });
  return ajv.compile(JSON.parse(readFileSync(FILE, 'utf8')) as object);
}

describe('schema/graph.schema.json', () => {
  it('is what zod generates from the graph schema today (run `npm run schema:update` when this fails)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(graphJsonSchemaText());
  });

  it('is the module behind cdr-engine/graph.schema.json', () => {
    expect(shipped).toEqual(JSON.parse(readFileSync(FILE, 'utf8')));
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
      files: string[];
    };
    expect(pkg.exports['./graph.schema.json']).toBe('./schema/graph.schema.json');
    expect(pkg.files).toContain('schema');
  });

  it('is printed by `cdr-engine schema`', async () => {
    let out = '';
    let err = '';
    const code = await main(['schema'], { out: (t) => (out += t), err: (t) => (err += t) });
    expect([code, err]).toEqual([0, '']);
    expect(out).toBe(readFileSync(FILE, 'utf8'));
    const usage = await main(['schema', 'extra'], { out: () => undefined, err: (t) => (err += t) });
    expect(usage).toBe(2);
    expect(err).toContain("unexpected argument 'extra'");
  });

  it('has additionalProperties false on every object, as the zod schema is strict', () => {
    const objects: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null) {
        const record = node as Record<string, unknown>;
        if (record['type'] === 'object') objects.push(record);
        Object.values(record).forEach(walk);
      }
    };
    walk(JSON.parse(readFileSync(FILE, 'utf8')));
    expect(objects.length).toBeGreaterThanOrEqual(17);
    // A map keyed by the document's own names (a sample set's columns) is the one object with open keys: each value is a list of ids.
    const isMap = (o: Record<string, unknown>) => o['properties'] === undefined && typeof o['additionalProperties'] === 'object';
    for (const object of objects) if (!isMap(object)) expect(object['additionalProperties']).toBe(false);
    expect(objects.filter(isMap).length).toBe(1);
  });
});

describe('an editor-style validator (ajv) with the JSON Schema', () => {
  it('accepts the bundled example and a document with every kind of object', () => {
    const validate = validator();
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(everyObjectGraph()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses the misspelled example and names the key, as the engine does', () => {
    const misspelled = structuredClone(example) as unknown as { datapoints: { quantity: Record<string, unknown> }[] };
    const quantity = misspelled.datapoints[0]!.quantity;
    quantity['standard_devation'] = quantity['standard_deviation'];
    delete quantity['standard_deviation'];
    const validate = validator();
    expect(validate(misspelled)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/datapoints/0/quantity',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'standard_devation' },
      }),
    );
    const engine = safeEvaluateGraph(misspelled);
    expect(engine.ok ? [] : engine.issues.map((i) => i.message)).toEqual([
      "unknown key 'standard_devation' at datapoints[0].quantity; did you mean 'standard_deviation'?",
    ]);
  });

  it('refuses an unknown key on every object where the engine does', () => {
    const validate = validator();
    const paths: (string | number)[][] = [];
    const walk = (node: unknown, path: (string | number)[]): void => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
      else if (typeof node === 'object' && node !== null) {
        paths.push(path);
        for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
      }
    };
    walk(everyObjectGraph(), []);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const document = everyObjectGraph() as unknown;
      const target = path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], document) as Record<
        string,
        unknown
      >;
      target['unexpected_key'] = 1;
      expect(validate(document)).toBe(false);
      expect(validate.errors).toContainEqual(
        expect.objectContaining({ instancePath: path.map((p) => `/${p}`).join(''), params: { additionalProperty: 'unexpected_key' } }),
      );
      expect(safeEvaluateGraph(document).ok).toBe(false);
    }
  });
});
