/**
 * The command line of a command: its options (each takes a value: `--name value` or
 * `--name=value`) and its positional arguments. Replaces node's parseArgs, whose messages are
 * written for programmers (`use '--port=-XYZ'`, an unbalanced quote after an unknown option) and
 * which takes the last of an option given twice. Here an unknown option names the nearest valid
 * one, an option given twice is refused, and a value may begin with `-` (`--port -1` reaches the
 * port's own check). `-` alone is a positional argument (standard input); `--` ends the options.
 */
import { nearestName } from '../model/nearest-name';

/** The options' values by name (undefined when not given) and the positional arguments, in order. */
export interface ParsedArguments<Name extends string, Flag extends string = never> {
  readonly values: Readonly<Record<Name, string | undefined>>;
  /** The flags (options without a value, such as `--strict-warnings`) that were given. */
  readonly flags: ReadonlySet<Flag>;
  readonly positionals: readonly string[];
}

/**
 * Parses `args` against the option names a command takes (each with a value) and its flags (without
 * one); a string is the usage error to print.
 */
export function parseArguments<Name extends string, Flag extends string = never>(
  args: readonly string[],
  names: readonly Name[],
  flagNames: readonly Flag[] = [],
): ParsedArguments<Name, Flag> | string {
  const values: Partial<Record<Name, string>> = {};
  const flags = new Set<Flag>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const written = eq < 0 ? arg : arg.slice(0, eq);
    const flag = flagNames.find((n) => `--${n}` === written);
    if (flag !== undefined) {
      if (eq >= 0) return `${written} takes no value`;
      if (flags.has(flag)) return `${written} is given twice; give it once`;
      flags.add(flag);
      continue;
    }
    const name = names.find((n) => `--${n}` === written);
    if (name === undefined) return unknownOption(written, [...names, ...flagNames]);
    const value: string | undefined = eq < 0 ? args[i + 1] : arg.slice(eq + 1);
    // The next argument is the value unless it is another long option (a value may be `-1` or `-`).
    if (eq < 0 && (value === undefined || value.startsWith('--'))) return `${written} needs a value`;
    if (eq < 0) i++;
    const earlier = values[name];
    if (earlier !== undefined) return `${written} is given twice ('${earlier}', then '${value}'); give it once`;
    values[name] = value as string;
  }
  return { values: values as Record<Name, string | undefined>, flags, positionals };
}

function unknownOption(written: string, names: readonly string[]): string {
  if (names.length === 0) return `unknown option '${written}' (this command takes no options)`;
  const options = names.map((n) => `--${n}`);
  const nearest = nearestName(written, options);
  const hint = nearest === undefined ? '' : `; did you mean '${nearest}'?`;
  return `unknown option '${written}'${hint} (options: ${options.join(', ')})`;
}
