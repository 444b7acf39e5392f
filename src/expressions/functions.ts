/**
 * The functions a blueprint formula may call (docs/rules.md#blueprints-components-and-inputs [decision]).
 */

/**
 * Every function a blueprint formula may call; anything else (`import`, `evaluate`, `createUnit`,
 * ...) is a validation error. `sum mean min max count` reduce a LIST given as their only argument
 * (a LIST input, or an element-wise formula over LIST inputs such as `{c} * {d}`);
 * `sum mean min max` with two or more arguments act on scalars; `sqrt exp log abs` act on each
 * element of a LIST. `log(x)` is the natural
 * logarithm, `log(x, base)` the logarithm to a base and `log10(x)` the decimal one. `sin cos tan`
 * take a dimensionless value (radians) or an angle; `asin acos atan atan2` give radians.
 * @public
 */
export const ALLOWED_FUNCTIONS = [
  'sum',
  'mean',
  'min',
  'max',
  'count',
  'sqrt',
  'exp',
  'log',
  'abs',
  'log10',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
] as const;

/**
 * A function a blueprint formula may call.
 * @public
 */
export type AllowedFunction = (typeof ALLOWED_FUNCTIONS)[number];

/** Functions that reduce a LIST when given exactly one argument. */
export const LIST_REDUCERS: ReadonlySet<AllowedFunction> = new Set<AllowedFunction>(['sum', 'mean', 'min', 'max', 'count']);

/** Whether a name is one of {@link ALLOWED_FUNCTIONS}. */
export function isAllowedFunction(name: string): name is AllowedFunction {
  return (ALLOWED_FUNCTIONS as readonly string[]).includes(name);
}
