/**
 * The blueprint phase of a preparation: unique keys, each blueprint compiled (once per process for
 * an equal definition, blueprint-cache.ts), every input used by an expression, and what checking a
 * component needs of it. Internal to preparation.
 *
 * Owns: blueprint problems and each blueprint's plan and layouts. May import: expressions (types),
 * model, blueprint-cache.ts, context.ts, value-checks.ts (types).
 */
import type { CompiledBlueprint } from '../../expressions';
import { compileBlueprintOnce } from './blueprint-cache';
import { problem, type PrepareContext } from './context';
import type { ValueChecks } from './value-checks';
import type { BlueprintInput } from '../../model';
import { QUANTITY_KINDS } from '../../model/quantity-kinds';

/** What checking a component needs of its compiled blueprint. */
export interface BlueprintPlan {
  readonly blueprint: CompiledBlueprint;
  /** Input keys in blueprint order. */
  readonly inputKeys: readonly string[];
  /** Index of each input by key. */
  readonly inputIndex: ReadonlyMap<string, number>;
  /** Dimension id of each input's quantity kind, -1 until first needed. */
  readonly expected: Int32Array;
  /** The layouts its components share (at most 16 kept). */
  readonly layouts: Layout[];
  /** The value check (value-checks.ts) of each input's datapoints, in blueprint order. */
  readonly valueChecks: Int16Array;
}

/** Where each input's slots start, and each slot's use count: shared by components of one layout. */
export interface Layout {
  readonly inputStart: Int32Array;
  readonly slotUses: Int32Array;
}

/** The blueprints of a document. */
export interface PreparedBlueprints {
  /** Compiled blueprints by key. */
  readonly compiled: Map<string, CompiledBlueprint>;
  /** Plans by key. */
  readonly plans: Map<string, BlueprintPlan>;
  /** Every key defined, compiled or not (a component naming an invalid one is not reported again). */
  readonly seen: Set<string>;
}

/** Checks and compiles every blueprint (see the module comment). */
export function prepareBlueprints(context: PrepareContext, checks: ValueChecks): PreparedBlueprints {
  const compiled = new Map<string, CompiledBlueprint>();
  const plans = new Map<string, BlueprintPlan>();
  const seen = new Set<string>();
  context.graph.component_blueprints.forEach((definition, b) => {
    if (seen.has(definition.key)) {
      problem(context, ['component_blueprints', b, 'key'], 'duplicate_key', `blueprint key '${definition.key}' is used more than once`);
      return;
    }
    seen.add(definition.key);
    const result = compileBlueprintOnce(definition);
    if (!result.ok) {
      for (const i of result.issues) context.issues.push({ ...i, path: ['component_blueprints', b, ...i.path] });
      return;
    }
    const blueprint = result.blueprint;
    if (reportUnusedInputs(context, b, blueprint)) return;
    compiled.set(definition.key, blueprint);
    plans.set(definition.key, {
      blueprint,
      // Input keys are unique once compiled.
      inputKeys: blueprint.inputs.map((input) => input.input_key),
      inputIndex: new Map(blueprint.inputs.map((input, i) => [input.input_key, i])),
      expected: new Int32Array(blueprint.inputs.length).fill(-1),
      layouts: [],
      valueChecks: inputChecks(context, checks, b, definition.inputs, blueprint),
    });
  });
  // Unreadable blueprints were reported where they are defined, like invalid ones.
  if (context.broken !== undefined) for (const key of context.broken.brokenIds.component_blueprints.values()) seen.add(key);
  return { compiled, plans, seen };
}

/** The value check of each input of compiled blueprint `blueprint` (document blueprint b), by its definition. */
function inputChecks(
  context: PrepareContext,
  checks: ValueChecks,
  b: number,
  definitions: readonly BlueprintInput[],
  blueprint: CompiledBlueprint,
): Int16Array {
  return Int16Array.from(blueprint.inputs, (input) => {
    const i = definitions.findIndex((d) => d.input_key === input.input_key);
    const check = i < 0 ? -1 : checks.ofInput(context, b, blueprint.key, i, definitions[i] as BlueprintInput);
    return check >= 0 ? check : QUANTITY_KINDS.indexOf(input.quantity_kind);
  });
}

/**
 * Reports each input of compiled blueprint `blueprint` (document blueprint b) that no expression
 * uses, and whether there was one: the datapoints a component gives it would be dropped silently,
 * as a dead expression's value would be (docs/graph-document.md, "Blueprint input"). A compiled
 * blueprint has no dead expression, so an input the result does not use is used by none.
 */
function reportUnusedInputs(context: PrepareContext, b: number, blueprint: CompiledBlueprint): boolean {
  let unused = false;
  blueprint.inputs.forEach((input, i) => {
    if (blueprint.inputUseCounts[i] !== 0) return;
    unused = true;
    // Compiled inputs are the document's, in its order (a malformed one fails the compilation).
    problem(
      context,
      ['component_blueprints', b, 'inputs', i, 'input_key'],
      'blueprint_unused_input',
      `Blueprint "${blueprint.key}", input "${input.input_key}": no expression uses this input, so the datapoints a component gives it would be dropped; use it in an expression or remove it`,
    );
  });
  return unused;
}
