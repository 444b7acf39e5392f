// The Monte Carlo flags of evaluate, explain and report: the discount method, percentile, draws
// and seed reach the evaluation; bad values are usage errors naming the flag.
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';
import { runCli as run } from './run-cli';
import { threadsOf } from '../../src/cli/monte-carlo-options';
import { earlyWorkerCount } from '../../src/cli/early-workers';

const EXAMPLE = 'examples/biochar-project.json';

describe('evaluate --discount monte-carlo', () => {
  it('prints what evaluateGraph gives under the same policies and options', async () => {
    const { code, out } = await run([
      'evaluate',
      EXAMPLE,
      '--discount',
      'monte-carlo',
      '--percentile',
      '10',
      '--samples',
      '4000',
      '--seed',
      '3',
      '--threads',
      '1',
    ]);
    expect(code).toBe(0);
    const { default: example } = await import('../../examples/biochar-project.json');
    const expected = evaluateGraph(example, {
      policies: { discountMethod: 'monte_carlo', discountPercentile: 10 },
      monteCarlo: { samples: 4000, seed: 3 },
    });
    expect(out).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    expect(JSON.parse(out).ghg_entries[0].uncertainty_discount.percentile).toBe(10);
  });

  it('adds the Monte Carlo summary with --seed alone, the first-order discount kept', async () => {
    const { out } = await run(['evaluate', EXAMPLE, '--seed', '5', '--tolerance', '50']);
    const [entry] = JSON.parse(out).ghg_entries;
    expect(entry.monte_carlo.samples).toBeGreaterThanOrEqual(10_240);
    expect(entry.uncertainty_discount).toBeUndefined();
  });

  it.each([
    [['--discount', 'median'], '--discount must be first-order or monte-carlo'],
    [['--percentile', '100'], '--percentile must be a number in (0, 100)'],
    [['--samples', '1'], '--samples must be an integer'],
    [['--samples', '100', '--tolerance', '5'], 'not both'],
    [['--seed', '1.5'], "--seed must be a safe integer, from -9007199254740991 to 9007199254740991, got '1.5'"],
    [['--threads', '0'], "--threads must be an integer from 1 to 256 or 'auto', got '0'"],
  ])('refuses %j with exit 2', async (flags, message) => {
    const { code, err, out } = await run(['evaluate', EXAMPLE, ...flags]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
  });

  it('--threads auto takes one thread per 32 entries, at most the parallelism', () => {
    expect(threadsOf(undefined, 2, 8)).toBe(1);
    expect(threadsOf('auto', 720, 2)).toBe(2);
    expect(threadsOf('auto', 100, 8)).toBe(4);
    expect(threadsOf('3', 2, 1)).toBe(3);
  });

  it('starts N - 1 workers before the engine loads for --threads N on a Monte Carlo run, none otherwise', () => {
    expect(earlyWorkerCount(['g.json', '--discount', 'monte-carlo', '--threads', '2'])).toBe(1);
    expect(earlyWorkerCount(['g.json', '--samples=500', '--threads=3', '--format', 'table'])).toBe(2);
    expect(earlyWorkerCount(['--seed', '4', '--threads', '4', '--strict-warnings'])).toBe(3);
    // auto waits for the entries' count; one thread, no Monte Carlo or a wrong command line start none.
    expect(earlyWorkerCount(['g.json', '--discount', 'monte-carlo', '--threads', 'auto'])).toBe(0);
    expect(earlyWorkerCount(['g.json', '--discount', 'monte-carlo'])).toBe(0);
    expect(earlyWorkerCount(['g.json', '--discount', 'monte-carlo', '--threads', '1'])).toBe(0);
    expect(earlyWorkerCount(['g.json', '--discount', 'first-order', '--threads', '2'])).toBe(0);
    expect(earlyWorkerCount(['g.json', '--samples', '1', '--threads', '2'])).toBe(0);
    expect(earlyWorkerCount(['g.json', '--samples', '500', '--threads', '2', '--bogus'])).toBe(0);
    expect(earlyWorkerCount(['g.json', '--samples', '500', '--threads', '0'])).toBe(0);
  });
});

describe('explain and report with the Monte Carlo discount', () => {
  it('explain shows both discounts and the distribution', async () => {
    const { code, out } = await run(['explain', EXAMPLE, 'rmv_01JA0BATCHA000000000', '--discount', 'monte-carlo', '--samples', '3000']);
    expect(code).toBe(0);
    expect(out).toContain('Beside it, first order: discount 1 x');
    expect(out).toMatch(/Monte Carlo: 3000 draws \(0 invalid\), drawn from 13 normal \([^)]+\); percentile 16 of the net/);
    expect(out).toContain('Applied (discountMethod monte_carlo)');
    expect(out).toContain('<- first order');
    expect(out).toContain('Monte Carlo P16');
  });

  it('explain refuses an unknown flag', async () => {
    const { code, err } = await run(['explain', EXAMPLE, 'rmv_01JA0BATCHA000000000', '--verbose']);
    expect(code).toBe(2);
    expect(err).toContain("unknown option '--verbose'");
  });
});
