/**
 * Identifiers (src/model/ids.ts): bounds, prefixes, and generated ids that sort by creation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ID_MAX_LENGTH,
  ID_MIN_LENGTH,
  ID_PREFIXES,
  anyIdSchema,
  createIdGenerator,
  idSchema,
  isId,
  validateRequestPart,
  type IdKind,
} from '../../src/model';

const KINDS = Object.keys(ID_PREFIXES) as IdKind[];

describe('prefixes', () => {
  it("are the 29 prefixes of interface.md 2.1 and the 6 of the OpenAPI's further resources, three lower-case letters each, all different", () => {
    expect(KINDS).toHaveLength(35);
    const prefixes = Object.values(ID_PREFIXES);
    expect(new Set(prefixes).size).toBe(35);
    for (const prefix of prefixes) expect(prefix).toMatch(/^[a-z]{3}$/);
    expect(ID_PREFIXES.ghg_entry).toBe('rmv');
    expect(ID_PREFIXES.refund).toBe('bpr');
    expect(ID_PREFIXES.removal_template_component).toBe('rtc');
  });
});

describe('any id: 20 to 37 characters', () => {
  it.each([
    [19, 'string_too_short'],
    [20, null],
    [37, null],
    [38, 'string_too_long'],
  ] as const)('length %i', (length, type) => {
    const result = validateRequestPart(anyIdSchema, 'x'.repeat(length), 'body');
    if (type === null) expect(result.success).toBe(true);
    else expect(result).toMatchObject({ success: false, detail: [{ type, loc: ['body'] }] });
  });

  it('bounds are the constants', () => {
    expect([ID_MIN_LENGTH, ID_MAX_LENGTH]).toEqual([20, 37]);
  });
});

describe('id of a kind', () => {
  it.each([
    [19, 'string_too_short'],
    [20, null],
    [37, null],
    [38, 'string_too_long'],
  ] as const)('length %i with the right prefix', (length, type) => {
    const id = `ctb_${'A'.repeat(length - 4)}`;
    const result = validateRequestPart(idSchema('credit_batch'), id, 'path');
    if (type === null) expect(result.success).toBe(true);
    else expect(result).toMatchObject({ success: false, detail: [{ type }] });
    expect(isId('credit_batch', id)).toBe(type === null);
  });

  it('a prefix mismatch is a pattern mismatch', () => {
    const id = 'ret_1FYBH4QDT1S0SVKF';
    expect(validateRequestPart(idSchema('credit_batch'), id, 'path')).toEqual({
      success: false,
      detail: [
        {
          type: 'string_pattern_mismatch',
          loc: ['path'],
          msg: "String should match pattern '^ctb_'",
          input: id,
          ctx: { pattern: '^ctb_' },
        },
      ],
    });
    expect(isId('credit_batch', id)).toBe(false);
    expect(isId('retirement', id)).toBe(true);
    expect(isId('retirement', 42)).toBe(false);
  });

  it('a prefix without its underscore does not count', () => {
    expect(isId('retirement', 'retX1FYBH4QDT1S0SVKF')).toBe(false);
    expect(idSchema('retirement').safeParse('retX1FYBH4QDT1S0SVKF').success).toBe(false);
  });
});

describe('createIdGenerator', () => {
  it('makes ids of every kind that its own schemas accept', () => {
    const next = createIdGenerator({ now: () => 1_700_000_000_000, random: () => 0.5 });
    for (const kind of KINDS) {
      const id = next(kind);
      expect(id.length).toBeGreaterThanOrEqual(20);
      expect(id.length).toBeLessThanOrEqual(37);
      expect(id.startsWith(`${ID_PREFIXES[kind]}_`)).toBe(true);
      expect(idSchema(kind).safeParse(id).success).toBe(true);
    }
  });

  it('ids sort by creation while the clock stands still', () => {
    const next = createIdGenerator({ now: () => 1_700_000_000_000 });
    const ids = Array.from({ length: 500 }, () => next('ghg_entry'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ids sort by creation when the clock steps back', () => {
    const times = [5_000, 6_000, 4_000, 4_000, 7_000, 1_000, 7_000];
    let call = 0;
    const next = createIdGenerator({ now: () => times[call++] ?? 0 });
    const ids = times.map(() => next('credit_batch'));
    expect([...ids].sort()).toEqual(ids);
  });

  it('ids sort by creation for any clock and any random source (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 40 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (times, randoms) => {
          let t = 0;
          let r = 0;
          const next = createIdGenerator({ now: () => times[t++ % times.length] ?? 0, random: () => randoms[r++ % randoms.length] ?? 0 });
          const ids = times.map(() => next('transfer'));
          const sorted = [...ids].sort();
          return sorted.every((id, i) => id === ids[i]) && new Set(ids).size === ids.length;
        },
      ),
      { seed: 99, numRuns: 200 },
    );
  });

  it('a seeded random source gives reproducible ids', () => {
    const seeded = () => {
      let state = 1;
      return () => {
        state = (state * 48271) % 2147483647;
        return state / 2147483647;
      };
    };
    const a = createIdGenerator({ now: () => 1_000, random: seeded() });
    const b = createIdGenerator({ now: () => 1_000, random: seeded() });
    expect([a('datapoint'), a('datapoint')]).toEqual([b('datapoint'), b('datapoint')]);
  });
});
