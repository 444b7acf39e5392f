// A stream restarted from its origin (the seed's and key's share of the state, made once per key)
// is the stream `new BlockStream(seed, block, key)` makes, whatever stream the object was before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockStream, streamKey, streamOrigin } from '../../src/uncertainty/random-streams';

const numbers = (stream: BlockStream, n: number): number[] => Array.from({ length: n }, () => stream.next32());

describe('a stream restarted from its origin', () => {
  it('gives the numbers of a new stream of the same seed, block and key, after any earlier use', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.nat(1_000_000),
        fc.string({ maxLength: 12 }),
        fc.nat(50),
        (seed, block, id, used) => {
          const key = streamKey(id);
          const reused = new BlockStream(seed + 1, block + 1, streamKey(`${id}x`));
          numbers(reused, used);
          reused.restart(streamOrigin(seed, key), block);
          expect(numbers(reused, 40)).toEqual(numbers(new BlockStream(seed, block, key), 40));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the known first numbers (computed by the constructor before restart existed)', () => {
    const reused = new BlockStream(0, 0, [0, 0]);
    expect(numbers(reused.restart(streamOrigin(1, streamKey('dtp_a')), 0), 3)).toEqual([1485799638, 3965991571, 3692590275]);
    expect(numbers(reused.restart(streamOrigin(2 ** 40 + 3, streamKey('dtp_b')), 7), 3)).toEqual([3829924367, 1170213224, 1527772714]);
    expect(numbers(new BlockStream(2 ** 40 + 3, 7, streamKey('dtp_b')), 3)).toEqual([3829924367, 1170213224, 1527772714]);
  });
});
