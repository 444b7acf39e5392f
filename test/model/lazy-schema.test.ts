import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { builtSchema, lazySchema } from '../../src/model/lazy-schema';
import { graphDatapointSchema, graphQuantitySchema, removalGraphSchema } from '../../src/model/graph';

describe('lazySchema', () => {
  it('builds the schema once, on first use, and then answers as the schema itself', () => {
    let builds = 0;
    const stand = lazySchema(() => {
      builds += 1;
      return z.strictObject({ a: z.number().describe('an a') }).describe('a thing');
    });
    expect(builds).toBe(0);
    expect(stand.safeParse({ a: 1 }).success).toBe(true);
    expect(stand.safeParse({ a: 1, b: 2 }).success).toBe(false);
    expect(builds).toBe(1);
    expect(stand).toBeInstanceOf(z.ZodObject);
    expect(stand.description).toBe('a thing');
    expect(Object.keys(stand.shape)).toEqual(['a']);
    const real = builtSchema(stand);
    expect(real).not.toBe(stand);
    expect(builtSchema(real)).toBe(real);
    expect(z.toJSONSchema(stand)).toEqual(z.toJSONSchema(real));
    expect(z.globalRegistry.get(stand)).toEqual({ description: 'a thing' });
    expect(builds).toBe(1);
  });

  it('reports the properties of the schema, non-configurable ones included', () => {
    const stand = lazySchema(() => z.string());
    const real = builtSchema(stand);
    expect(Reflect.ownKeys(stand)).toEqual(Reflect.ownKeys(real));
    for (const key of Reflect.ownKeys(real)) {
      expect(Object.getOwnPropertyDescriptor(stand, key)).toEqual(Object.getOwnPropertyDescriptor(real, key));
    }
    expect({ ...stand }).toEqual({ ...real });
  });

  it("the graph document's schemas give the JSON Schema of the schemas they stand for", () => {
    for (const schema of [removalGraphSchema, graphDatapointSchema, graphQuantitySchema]) {
      expect(z.toJSONSchema(schema, { io: 'input' })).toEqual(z.toJSONSchema(builtSchema(schema), { io: 'input' }));
    }
    expect(builtSchema(removalGraphSchema).shape.datapoints.element).toBe(builtSchema(graphDatapointSchema));
  });
});
