/**
 * The declarations of a methodology document beyond monotonicity and ranges: worked examples with
 * known answers, bounds, LIST semantics, homogeneity and the sign of ADJUSTMENT blueprints. Their
 * types, their shapes (zod, strict) and the issues of declarations that name what the library does
 * not have, each with its path.
 * May import: expressions, units, model.
 */
import * as z from 'zod';
import type { GraphIssue, IssuePath } from '../../model/issues';
import { nearestName } from '../../model/nearest-name';
import type { QuantityKind } from '../../model/quantity-kinds';
import { isCompatible } from '../../units';
import type { BlueprintDefinition, BlueprintInputDefinition } from '../arbitraries/component';
import { type DeclaredInput, impossibleValue, notFiniteValue } from './physical-values';

/**
 * A quantity as a worked example writes it.
 * @public
 */
export interface QuantityLiteral {
  /** The value, in `unit`. */
  readonly magnitude: number;
  /** Any unit of the input's kind (a mass unit for an expected value). */
  readonly unit: string;
}

/**
 * A worked example (`checks.examples`): a blueprint's value on given inputs, computed by hand.
 * @public
 */
export interface WorkedExample {
  /** A name for the report (default: the example's position). */
  readonly name?: string;
  /** The blueprint. */
  readonly blueprint: string;
  /** Each input's value: a quantity for a SCALAR input, an array of them for a LIST. */
  readonly inputs: Readonly<Record<string, QuantityLiteral | readonly QuantityLiteral[]>>;
  /** The expected value of the component (before its type's sign and any attribution factor). */
  readonly expected: QuantityLiteral;
  /** Accepted relative difference (default 1e-6). */
  readonly tolerance?: number;
}

/**
 * A bound (`checks.bounds`): a component's value, or one of its named expressions, stays within
 * formulas of the blueprint's inputs, or within [0, 1] for an expression declared a fraction.
 * @public
 */
export interface BoundDeclaration {
  /** The blueprint. */
  readonly blueprint: string;
  /** The expression bounded (default: the component's value). */
  readonly expression?: string;
  /** A formula of the blueprint's inputs (`{rock_mass} * {cdr_potential}`) the value never exceeds. */
  readonly at_most?: string;
  /** A formula the value never falls below. */
  readonly at_least?: string;
  /** The (dimensionless) expression stays within [0, 1]. */
  readonly fraction?: boolean;
}

/**
 * LIST semantics (`checks.list_semantics`): `intensive` (duplicating every item leaves the value
 * unchanged, as for a mean) or `extensive` (it doubles the value, as for a sum).
 * @public
 */
export interface ListSemanticsDeclaration {
  /** A LIST input's key. */
  readonly input: string;
  /** The blueprint (default: every blueprint with that LIST input). */
  readonly blueprint?: string;
  /** `intensive` or `extensive`. */
  readonly semantics: 'intensive' | 'extensive';
}

/**
 * Homogeneity (`checks.homogeneity`): doubling the input (every item of a LIST) scales the
 * component's value by 2^degree.
 * @public
 */
export interface HomogeneityDeclaration {
  /** The input's key. */
  readonly input: string;
  /** The blueprint (default: every blueprint with that input). */
  readonly blueprint?: string;
  /** The degree: 1 for a proportional input, 0 for one the value does not scale with. */
  readonly degree: number;
}

/**
 * The declared sign of an ADJUSTMENT blueprint (`checks.adjustment_signs`), whose type fixes none.
 * @public
 */
export interface AdjustmentSignDeclaration {
  /** An ADJUSTMENT blueprint. */
  readonly blueprint: string;
  /** `raises`: its value is never negative; `lowers`: never positive. */
  readonly sign: 'raises' | 'lowers';
}

/**
 * An entry template (`checks.entries`): the blueprints of one entry, sharing inputs by key.
 * @public
 */
export interface EntryTemplateDeclaration {
  /** A name for the report (default: the blueprints joined by `+`). */
  readonly name?: string;
  /** The blueprints, one component of each in the entry. */
  readonly blueprints: readonly string[];
  /** A formula of the template's inputs the net before discount never falls below (`0`: the entry never emits). */
  readonly net_at_least?: string;
  /** A formula the net before discount never exceeds. */
  readonly net_at_most?: string;
}

/** The inputs of a template, one per key (the first blueprint's definition of it). */
export function templateInputs(blueprints: readonly BlueprintDefinition[]): { blueprint: string; input: BlueprintInputDefinition }[] {
  const seen = new Map<string, { blueprint: string; input: BlueprintInputDefinition }>();
  for (const b of blueprints)
    for (const input of b.inputs) if (!seen.has(input.input_key)) seen.set(input.input_key, { blueprint: b.key, input });
  return [...seen.values()];
}

/** A blueprint holding every input of the template, for compiling the net's bounds. */
export function templateBlueprint(blueprints: readonly BlueprintDefinition[]): BlueprintDefinition {
  return { key: 'entry', type: 'SEQUESTRATION', inputs: templateInputs(blueprints).map((i) => i.input), expressions: [] };
}

const literal = z.strictObject({ magnitude: z.number(), unit: z.string().min(1) });
const optionalBlueprint = z.string().min(1).optional();

/** Shapes of the declarations, by key of `checks`. */
export const DECLARATION_SHAPES = {
  examples: z.array(
    z.strictObject({
      name: z.string().min(1).optional(),
      blueprint: z.string().min(1),
      inputs: z.record(z.string(), z.union([literal, z.array(literal).min(1)])),
      expected: literal,
      tolerance: z.number().min(0).optional(),
    }),
  ),
  bounds: z.array(
    z.strictObject({
      blueprint: z.string().min(1),
      expression: z.string().min(1).optional(),
      at_most: z.string().min(1).optional(),
      at_least: z.string().min(1).optional(),
      fraction: z.boolean().optional(),
    }),
  ),
  list_semantics: z.array(
    z.strictObject({ input: z.string().min(1), blueprint: optionalBlueprint, semantics: z.enum(['intensive', 'extensive']) }),
  ),
  homogeneity: z.array(z.strictObject({ input: z.string().min(1), blueprint: optionalBlueprint, degree: z.number().finite() })),
  adjustment_signs: z.array(z.strictObject({ blueprint: z.string().min(1), sign: z.enum(['raises', 'lowers']) })),
  entries: z.array(
    z.strictObject({
      name: z.string().min(1).optional(),
      blueprints: z.array(z.string().min(1)).min(1),
      net_at_least: z.string().min(1).optional(),
      net_at_most: z.string().min(1).optional(),
    }),
  ),
} as const;

/** Known keys of each declaration's items (for "did you mean"). */
export const DECLARATION_KEYS: Readonly<Record<string, readonly string[]>> = {
  examples: ['name', 'blueprint', 'inputs', 'expected', 'tolerance'],
  expected: ['magnitude', 'unit'],
  bounds: ['blueprint', 'expression', 'at_most', 'at_least', 'fraction'],
  list_semantics: ['input', 'blueprint', 'semantics'],
  homogeneity: ['input', 'blueprint', 'degree'],
  adjustment_signs: ['blueprint', 'sign'],
  entries: ['name', 'blueprints', 'net_at_least', 'net_at_most'],
};

/** Items of a declaration list that are objects. */
function items(value: unknown): { index: number; item: Record<string, unknown> }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? [{ index, item: item as Record<string, unknown> }] : [],
  );
}

/** An issue at a path (printed before the message, as for graph documents). */
export function issueAt(path: IssuePath, code: string, message: string): GraphIssue<string> {
  return { path, code, message };
}

/** The blueprint an item names, or an issue (unknown blueprint, with the nearest). */
function blueprintNamed(
  blueprints: readonly BlueprintDefinition[],
  path: IssuePath,
  key: unknown,
  issues: GraphIssue<string>[],
): BlueprintDefinition | undefined {
  if (typeof key !== 'string') return undefined;
  const found = blueprints.find((b) => b.key === key);
  if (found !== undefined) return found;
  const near = nearestName(
    key,
    blueprints.map((b) => b.key),
  );
  issues.push(
    issueAt(
      [...path, 'blueprint'],
      'unknown_blueprint',
      `blueprint '${key}' is not in the library${near === undefined ? '' : `; did you mean '${near}'?`}`,
    ),
  );
  return undefined;
}

/** Issues of one worked example's inputs and expected value against its blueprint. */
function exampleIssues(b: BlueprintDefinition, path: IssuePath, item: Record<string, unknown>, issues: GraphIssue<string>[]): void {
  const given = (typeof item['inputs'] === 'object' && item['inputs'] !== null ? item['inputs'] : {}) as Record<string, unknown>;
  const keys = b.inputs.map((i) => i.input_key);
  for (const key of Object.keys(given)) {
    if (keys.includes(key)) continue;
    const near = nearestName(key, keys);
    issues.push(
      issueAt(
        [...path, 'inputs', key],
        'unknown_input',
        `blueprint '${b.key}' has no input '${key}'${near === undefined ? '' : `; did you mean '${near}'?`}`,
      ),
    );
  }
  for (const input of b.inputs) {
    const value = given[input.input_key];
    const at = [...path, 'inputs', input.input_key];
    if (value === undefined) {
      issues.push(issueAt(at, 'missing_input', `the example gives no value for input '${input.input_key}' of blueprint '${b.key}'`));
      continue;
    }
    const list = input.data_shape === 'LIST';
    if (Array.isArray(value) !== list)
      issues.push(
        issueAt(
          at,
          'invalid_shape',
          `input '${input.input_key}' is a ${list ? 'LIST: give an array of quantities' : 'SCALAR: give one quantity'}`,
        ),
      );
    const declared = {
      owner: `input '${input.input_key}' of blueprint '${b.key}'`,
      kind: input.quantity_kind as QuantityKind,
      difference: input.difference === true,
    };
    (Array.isArray(value) ? value : [value]).forEach((q: unknown, n) => {
      const where = Array.isArray(value) ? [...at, n] : at;
      if (unitIssue(at, (q as { unit?: unknown }).unit, declared.kind, issues)) valueIssue(where, q, declared, issues);
    });
  }
  const expected = item['expected'] as { magnitude?: unknown; unit?: unknown } | undefined;
  // The expected value is a component's value, of either sign: it need only be a number the engine computes with.
  if (unitIssue([...path, 'expected'], expected?.unit, 'mass', issues) && typeof expected?.magnitude === 'number') {
    const why = notFiniteValue(expected.magnitude, expected.unit as string);
    if (why !== null) issues.push(issueAt([...path, 'expected', 'magnitude'], 'invalid_value', `the expected value: ${why}`));
  }
}

/** Whether `unit` is a unit of `kind`; an issue when it is a string that is not. */
function unitIssue(path: IssuePath, unit: unknown, kind: QuantityKind, issues: GraphIssue<string>[]): boolean {
  if (typeof unit !== 'string') return false;
  const check = isCompatible(unit, kind);
  if (!check.ok) issues.push(issueAt([...path, 'unit'], 'unit_incompatible', check.message));
  return check.ok;
}

/** An issue when a worked example's quantity (its unit of the kind) is no possible value of it (physical-values.ts). */
function valueIssue(path: IssuePath, quantity: unknown, input: DeclaredInput, issues: GraphIssue<string>[]): void {
  const { magnitude, unit } = quantity as { magnitude?: unknown; unit: string };
  if (typeof magnitude !== 'number') return;
  const notFinite = notFiniteValue(magnitude, unit);
  const why = notFinite ?? impossibleValue(magnitude, unit, input);
  if (why !== null)
    issues.push(
      issueAt([...path, 'magnitude'], notFinite === null ? 'value_out_of_physical_range' : 'invalid_value', `${input.owner}: ${why}`),
    );
}

/** Issues of an input-scoped declaration (LIST semantics, homogeneity). */
function inputIssues(
  blueprints: readonly BlueprintDefinition[],
  path: IssuePath,
  item: Record<string, unknown>,
  listOnly: boolean,
  issues: GraphIssue<string>[],
): void {
  const input = item['input'];
  if (typeof input !== 'string') return;
  const named = item['blueprint'] === undefined ? undefined : blueprintNamed(blueprints, path, item['blueprint'], issues);
  if (item['blueprint'] !== undefined && named === undefined) return;
  const scope = named === undefined ? blueprints : [named];
  const having = scope.flatMap((b) => b.inputs.filter((i) => i.input_key === input));
  if (having.length === 0) {
    const near = nearestName(
      input,
      scope.flatMap((b) => b.inputs.map((i) => i.input_key)),
    );
    issues.push(
      issueAt(
        [...path, 'input'],
        'unknown_input',
        `no blueprint${named === undefined ? ' of the library' : ` '${named.key}'`} has input '${input}'${near === undefined ? '' : `; did you mean '${near}'?`}`,
      ),
    );
  } else if (listOnly && !having.some((i) => i.data_shape === 'LIST')) {
    issues.push(issueAt([...path, 'input'], 'not_a_list', `input '${input}' is SCALAR: LIST semantics speak about LIST inputs`));
  }
}

/** Issues of the new declarations that name what the library does not have (bound formulas are compiled later). */
export function declarationIssues(blueprints: readonly BlueprintDefinition[], section: Record<string, unknown>): GraphIssue<string>[] {
  const issues: GraphIssue<string>[] = [];
  for (const { index, item } of items(section['examples'])) {
    const path = ['checks', 'examples', index];
    const b = blueprintNamed(blueprints, path, item['blueprint'], issues);
    if (b !== undefined) exampleIssues(b, path, item, issues);
  }
  for (const { index, item } of items(section['bounds'])) {
    const path = ['checks', 'bounds', index];
    const b = blueprintNamed(blueprints, path, item['blueprint'], issues);
    const expression = item['expression'];
    if (b !== undefined && typeof expression === 'string' && !b.expressions.some((e) => e.key === expression)) {
      const near = nearestName(
        expression,
        b.expressions.map((e) => e.key),
      );
      issues.push(
        issueAt(
          [...path, 'expression'],
          'unknown_expression',
          `blueprint '${b.key}' has no expression '${expression}'${near === undefined ? '' : `; did you mean '${near}'?`}`,
        ),
      );
    }
    if (item['at_most'] === undefined && item['at_least'] === undefined && item['fraction'] !== true) {
      issues.push(issueAt(path, 'empty_bound', 'a bound needs at_most, at_least or fraction: true'));
    }
  }
  for (const { index, item } of items(section['list_semantics']))
    inputIssues(blueprints, ['checks', 'list_semantics', index], item, true, issues);
  for (const { index, item } of items(section['homogeneity']))
    inputIssues(blueprints, ['checks', 'homogeneity', index], item, false, issues);
  for (const { index, item } of items(section['adjustment_signs'])) {
    const path = ['checks', 'adjustment_signs', index];
    const b = blueprintNamed(blueprints, path, item['blueprint'], issues);
    if (b !== undefined && b.type !== 'ADJUSTMENT')
      issues.push(
        issueAt(
          [...path, 'blueprint'],
          'not_an_adjustment',
          `blueprint '${b.key}' is ${b.type}, whose type fixes its sign: declare a sign for ADJUSTMENT blueprints only`,
        ),
      );
  }
  for (const { index, item } of items(section['entries'])) entryIssues(blueprints, ['checks', 'entries', index], item, issues);
  return issues;
}

/** Issues of an entry template: unknown blueprints, one input key with two kinds or shapes. */
function entryIssues(
  blueprints: readonly BlueprintDefinition[],
  path: IssuePath,
  item: Record<string, unknown>,
  issues: GraphIssue<string>[],
): void {
  const keys = Array.isArray(item['blueprints']) ? item['blueprints'] : [];
  const found = keys.flatMap((key, j) => {
    const b = blueprintNamed(blueprints, [...path, 'blueprints', j], key, issues);
    return b === undefined ? [] : [b];
  });
  const first = new Map<string, { blueprint: string; input: BlueprintInputDefinition }>();
  for (const b of found) {
    for (const input of b.inputs) {
      const earlier = first.get(input.input_key);
      if (earlier === undefined) first.set(input.input_key, { blueprint: b.key, input });
      else if (
        earlier.input.quantity_kind !== input.quantity_kind ||
        (earlier.input.data_shape ?? 'SCALAR') !== (input.data_shape ?? 'SCALAR')
      ) {
        issues.push(
          issueAt(
            [...path, 'blueprints'],
            'conflicting_input',
            `input '${input.input_key}' is ${earlier.input.quantity_kind} ${earlier.input.data_shape ?? 'SCALAR'} in '${earlier.blueprint}' but ${input.quantity_kind} ${input.data_shape ?? 'SCALAR'} in '${b.key}': an entry shares one datapoint per input key`,
          ),
        );
      }
    }
  }
}
