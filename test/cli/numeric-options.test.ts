// Every numeric option of the command line is read by one parser (src/cli/option-numbers.ts,
// docs/cli.md "Options"): decimal integers (decimal numbers for --percentile and --tolerance), no
// hex, binary, octal, exponent of an integer or surrounding spaces, and one wording of the error,
// exit 2 with the usage. Options that would change nothing are refused like `--entries` with JSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalOption, integerOption } from '../../src/cli/option-numbers';
import { runCli as run } from './run-cli';

const EXAMPLE = 'examples/biochar-project.json';
const METHODOLOGY = 'examples/biochar.methodology.json';
const SEED = 'a safe integer, from -9007199254740991 to 9007199254740991';

describe('the numeric options: one parser, one wording, exit 2 with the usage', () => {
  it.each([
    [['evaluate', EXAMPLE, '--samples', '0x10'], "--samples must be an integer from 2 to 10000000, got '0x10'"],
    [['evaluate', EXAMPLE, '--samples', '1e1'], "--samples must be an integer from 2 to 10000000, got '1e1'"],
    [['evaluate', EXAMPLE, '--samples', ' 10'], "--samples must be an integer from 2 to 10000000, got ' 10'"],
    [['evaluate', EXAMPLE, '--samples', '10 '], "--samples must be an integer from 2 to 10000000, got '10 '"],
    [['evaluate', EXAMPLE, '--samples', '+10'], "--samples must be an integer from 2 to 10000000, got '+10'"],
    [['evaluate', EXAMPLE, '--samples', '10000001'], "--samples must be an integer from 2 to 10000000, got '10000001'"],
    [['evaluate', EXAMPLE, '--percentile', '0x10', '--samples', '100'], "--percentile must be a number in (0, 100), got '0x10'"],
    [['evaluate', EXAMPLE, '--percentile', 'Infinity', '--samples', '100'], "--percentile must be a number in (0, 100), got 'Infinity'"],
    [['evaluate', EXAMPLE, '--tolerance', '0b1'], "--tolerance must be a positive number of kg, got '0b1'"],
    [['evaluate', EXAMPLE, '--seed', '0b101'], `--seed must be ${SEED}, got '0b101'`],
    [['evaluate', EXAMPLE, '--seed', '0o7'], `--seed must be ${SEED}, got '0o7'`],
    [['evaluate', EXAMPLE, '--seed', '9007199254740993'], `--seed must be ${SEED}, got '9007199254740993'`],
    [['evaluate', EXAMPLE, '--threads', '0x2'], "--threads must be an integer from 1 to 256 or 'auto', got '0x2'"],
    [['evaluate', EXAMPLE, '--format', 'table', '--entries', '0x1'], "--entries must be an integer of at least 0 or 'all', got '0x1'"],
    [['explain', EXAMPLE, 'rmv_01JA0BATCHA000000000', '--samples', '1e3'], "--samples must be an integer from 2 to 10000000, got '1e3'"],
    [['report', EXAMPLE, '--monte-carlo', '0x10'], "--monte-carlo must be a number of samples, an integer from 2 to 10000000, got '0x10'"],
    [['check', METHODOLOGY, '--runs', '1e3'], "--runs must be an integer from 1 to 10000000, got '1e3'"],
    [['check', METHODOLOGY, '--runs', '99999999999'], "--runs must be an integer from 1 to 10000000, got '99999999999'"],
    [['check', METHODOLOGY, '--seed', '0x10'], `--seed must be ${SEED}, got '0x10'`],
    [['check', METHODOLOGY, '--seed', '9007199254740993'], `--seed must be ${SEED}, got '9007199254740993'`],
    [['serve', '--port', '0x50'], "--port must be an integer from 0 to 65535, got '0x50'"],
  ])('%j: %s', async (argv, message) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(
      new RegExp(`^cdr-engine ${argv[0]}: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nusage: cdr-engine ${argv[0]} `),
    );
  });

  it('takes decimal integers with a sign, decimal numbers with a fraction or an exponent where a number is meant', async () => {
    const one = await run(['evaluate', EXAMPLE, '--samples', '200', '--seed', '-5', '--percentile', '2.5e1']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.out).ghg_entries[0].monte_carlo).toMatchObject({ samples: 200, percentile: 25 });
    const largest = await run(['evaluate', EXAMPLE, '--samples', '200', '--seed', '9007199254740991']);
    expect(largest.code).toBe(0);
    const same = await run(['evaluate', EXAMPLE, '--samples', '200', '--seed', '-0']);
    expect(same.out).toBe((await run(['evaluate', EXAMPLE, '--samples', '200', '--seed', '0'])).out);
  });
});

describe('options that would change nothing are refused, exit 2', () => {
  it('--percentile without a Monte Carlo run; taken with --discount monte-carlo or the summary', async () => {
    const { code, out, err } = await run(['evaluate', EXAMPLE, '--percentile', '50']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(
      /^cdr-engine evaluate: --percentile applies with --discount monte-carlo or the Monte Carlo summary \(--samples, --tolerance or --seed\) only\nusage: /,
    );
    expect((await run(['explain', EXAMPLE, 'rmv_01JA0BATCHA000000000', '--percentile', '50', '--discount', 'first-order'])).code).toBe(2);
    expect((await run(['report', EXAMPLE, '--entry', 'rmv_01JA0BATCHA000000000', '--percentile', '50'])).code).toBe(2);
    const summary = await run(['evaluate', EXAMPLE, '--percentile', '50', '--samples', '200']);
    expect(summary.code).toBe(0);
    expect(JSON.parse(summary.out).ghg_entries[0].monte_carlo.percentile).toBe(50);
    const discounted = await run(['evaluate', EXAMPLE, '--percentile', '50', '--discount', 'monte-carlo', '--samples', '200']);
    expect(discounted.code).toBe(0);
    expect(JSON.parse(discounted.out).ghg_entries[0].uncertainty_discount.percentile).toBe(50);
  });

  it('--expressions with --format table; taken with json and ndjson', async () => {
    const { code, out, err } = await run(['evaluate', EXAMPLE, '--format', 'table', '--expressions']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^cdr-engine evaluate: --expressions applies to --format json and ndjson only\nusage: /);
    expect((await run(['evaluate', EXAMPLE, '--expressions'])).code).toBe(0);
    expect((await run(['evaluate', EXAMPLE, '--format', 'ndjson', '--expressions'])).code).toBe(0);
  });
});

describe('integerOption and decimalOption', () => {
  it('an integer is taken exactly when the text is decimal digits with an optional minus, within the range', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.bigInt().map(String),
          fc.integer().map((n) => `${n}`),
        ),
        (text) => {
          const read = integerOption('n', text, -1_000_000, 1_000_000);
          const digits = /^-?\d+$/.test(text);
          const inRange = digits && BigInt(text) >= -1_000_000n && BigInt(text) <= 1_000_000n;
          if (typeof read === 'number') expect(inRange && BigInt(read) === BigInt(text)).toBe(true);
          else expect([inRange, read]).toEqual([false, `--n must be an integer from -1000000 to 1000000, got '${text}'`]);
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('a decimal number: fraction and exponent, nothing Number() takes beyond', () => {
    const read = (text: string) => decimalOption('p', text, () => true, 'a number');
    expect(['2.5', '-3', '1e-3', '.5', '5.', '2E+2'].map(read)).toEqual([2.5, -3, 0.001, 0.5, 5, 200]);
    for (const text of ['0x10', '0b1', '0o7', ' 1', '1 ', '+1', '', 'Infinity', 'NaN', '1e999', '1_000', '١'])
      expect(read(text)).toBe(`--p must be a number, got '${text}'`);
  });
});
