/**
 * The blueprint compiler: checks a blueprint completely (formula grammar, variable mappings, the
 * DAG of expressions, data shapes, dimensions) and turns it into one program per blueprint.
 */
import { type ComponentBlueprintDefinition, type ComponentType, COMPONENT_TYPES, type DataShape } from '../model/graph';
import type { GraphIssue, IssuePath } from '../model/issues';
import type { QuantityKind } from '../model/quantity-kinds';
import {
  type Dimension,
  DIMENSIONLESS,
  dimensionsEqual,
  divideDimensions,
  formatDimension,
  isCompatible,
  isDimensionless,
  MASS,
  multiplyDimensions,
  powerDimension,
  QUANTITY_KIND_DIMENSIONS,
} from '../units';
import { type AllowedFunction, ALLOWED_FUNCTIONS, LIST_REDUCERS } from './functions';
import { foldConstant, type Formula, parseTemplate, printFormula } from './formula';
import { createEvaluator, ProgramBuilder } from './program';
import { createGeneratedEvaluator } from './program-source';

/**
 * The `code` of every issue {@link compileBlueprint} reports, by what went wrong.
 * @public
 */
export const BLUEPRINT_ISSUE_CODES = {
  /** The blueprint is not shaped like a blueprint (a field missing or of the wrong type). */
  malformed: 'blueprint_malformed',
  /** The blueprint has no expression. */
  noExpressions: 'blueprint_no_expressions',
  /** Two inputs share an `input_key`. */
  duplicateInput: 'blueprint_duplicate_input',
  /** An input names a quantity kind that does not exist. */
  unknownQuantityKind: 'blueprint_unknown_quantity_kind',
  /** An input's `compatible_unit` is not a unit of its `quantity_kind`. */
  unitIncompatible: 'blueprint_unit_incompatible',
  /** The result expression does not have the dimension of mass. */
  resultNotMass: 'blueprint_result_not_mass',
  /** `CompileOptions.resultExpressionKey` names no expression. */
  unknownResultExpression: 'blueprint_unknown_result_expression',
  /** Two expressions share a `key`. */
  duplicateExpression: 'expression_duplicate_key',
  /** The template does not parse, or writes a variable wrongly. */
  syntax: 'expression_syntax',
  /** The template uses something outside the allowed grammar. */
  forbidden: 'expression_forbidden',
  /** A function is called with the wrong number of arguments. */
  arity: 'expression_arity',
  /** A `{name}` of the template has no mapping. */
  unmappedVariable: 'expression_variable_unmapped',
  /** A mapping's `template_key` does not occur in the template. */
  unusedMapping: 'expression_mapping_unused',
  /** Two mappings of one expression share a `template_key`. */
  duplicateMapping: 'expression_mapping_duplicate',
  /** A mapping's `type` is not DATAPOINT, EXPRESSION_RESULT or ZERO_TCO2E. */
  unknownMappingType: 'expression_unknown_mapping_type',
  /** A DATAPOINT mapping names no input of the blueprint. */
  unknownInput: 'expression_unknown_input',
  /** An EXPRESSION_RESULT mapping names no expression of the blueprint. */
  unknownExpression: 'expression_unknown_expression',
  /** Expressions refer to each other in a cycle. */
  cycle: 'expression_cycle',
  /** A LIST input outside a reducer, a reducer given a scalar, or a mapping's data_shape disagreeing. */
  dataShape: 'expression_data_shape',
  /** Dimensions do not fit (adding mass to energy, exp of a mass, a variable exponent on a mass, ...). */
  dimension: 'expression_dimension',
} as const;

/**
 * Policies of the compiler that a host may change; {@link DEFAULT_COMPILE_OPTIONS} holds the
 * documented defaults.
 * @public
 */
export interface CompileOptions {
  /**
   * Key of the expression whose value is the component's value. **[decision]** `null` (default):
   * the last expression of the array.
   */
  readonly resultExpressionKey?: string | null;
  /** Functions formulas may call; default (**[decision]**) all of {@link ALLOWED_FUNCTIONS}. */
  readonly allowedFunctions?: readonly AllowedFunction[];
  /**
   * Whether juxtaposition such as `2 {x}` or `{a} {b}` (which mathjs reads as a multiplication) is
   * accepted. **[decision]** Default true; the normalised template then shows the `*` and the
   * grouping mathjs chose (e.g. `{a} / 2 {b}` is `{a} / (2 * {b})`).
   */
  readonly allowImplicitMultiplication?: boolean;
  /**
   * Whether the literal `0` fits any dimension in `+`, `-`, `min` and `max`, so that `max({x}, 0)`
   * or `{m} - 0` pass the dimension check. **[decision]** Default true; other numbers are
   * dimensionless.
   */
  readonly zeroLiteralMatchesAnyDimension?: boolean;
}

/**
 * The defaults of {@link CompileOptions}.
 * @public
 */
export const DEFAULT_COMPILE_OPTIONS: Readonly<Required<CompileOptions>> = Object.freeze({
  resultExpressionKey: null,
  allowedFunctions: ALLOWED_FUNCTIONS,
  allowImplicitMultiplication: true,
  zeroLiteralMatchesAnyDimension: true,
});

/**
 * One input of a compiled blueprint, with the dimension of its quantity kind.
 * @public
 */
export interface CompiledBlueprintInput {
  /** The blueprint input's key. */
  readonly input_key: string;
  /** Its quantity kind. */
  readonly quantity_kind: QuantityKind;
  /** `SCALAR` (one datapoint) or `LIST` (one or more). */
  readonly data_shape: DataShape;
  /** The dimension of its quantity kind; datapoints are converted to its SI unit. */
  readonly dimension: Dimension;
}

/**
 * An expression of a compiled blueprint, its template normalised: `{name}` variables, explicit `*`,
 * single spaces around operators and only the parentheses the grouping needs.
 * @public
 */
export interface CompiledExpression {
  /** The expression's key. */
  readonly key: string;
  /** Its normalised template. */
  readonly template: string;
}

/**
 * A blueprint checked and compiled once into a program that evaluates a component's value and its
 * gradient without allocating.
 * @public
 */
export interface CompiledBlueprint {
  /** The blueprint's key. */
  readonly key: string;
  /** The blueprint's component type (decides the sign in an entry). */
  readonly type: ComponentType;
  /** The inputs, in blueprint order. */
  readonly inputs: readonly CompiledBlueprintInput[];
  /**
   * For each input (blueprint order), how many times its value enters the result, counting through
   * EXPRESSION_RESULT references (`a = {x} * 2; b = {a} + {a}` counts x twice); a LIST input counts
   * once per reducer applied to it, `count` included. 0 if the result does not use it.
   */
  readonly inputUseCounts: readonly number[];
  /** Key of the expression whose value is the result (the last one unless the options said otherwise). */
  readonly resultExpression: string;
  /** Every expression (blueprint order) with its normalised template, for reports. */
  readonly expressions: readonly CompiledExpression[];
  /**
   * Evaluates the result in kg.
   * `values` holds the SI magnitudes of the component's datapoints, inputs concatenated in blueprint
   * order: input i occupies `values[inputStart[i] .. inputStart[i + 1])` (one value for a SCALAR
   * input, whose value is read at `inputStart[i]`); `inputStart.length` is `inputs.length + 1`.
   * When `gradient` is not null it is overwritten with d(result)/d(values[k]) for every k below
   * `inputStart[inputs.length]`, the values the inputs occupy; entries past them are left as they
   * are, so scratch arrays sized for the largest component cost nothing for a small one. Non-finite results (log of a negative number, division by
   * zero) come back as NaN or Infinity for the caller to report. Allocates nothing; throws a
   * RangeError only when `inputStart` is too short.
   */
  evaluate(values: Float64Array, inputStart: Int32Array, gradient: Float64Array | null): number;
  /**
   * The value of every expression (blueprint order, SI units) for the same `values` and
   * `inputStart` as {@link CompiledBlueprint.evaluate}: the intermediate results a calculation
   * report shows. Allocates its result; not for hot paths.
   */
  evaluateExpressions(values: Float64Array, inputStart: Int32Array): Float64Array;
}

/**
 * The outcome of {@link compileBlueprint}: the compiled blueprint, or every problem found.
 * @public
 */
export type CompileResult =
  | { readonly ok: true; readonly blueprint: CompiledBlueprint }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** What a template variable stands for, once its mapping is resolved. */
type Binding =
  | { readonly kind: 'input'; readonly index: number }
  | { readonly kind: 'expression'; readonly index: number }
  | { readonly kind: 'zero' };

/** A dimension found by the check; `anyDim` marks the literal 0, which fits any dimension. */
type DimInfo = { readonly dim: Dimension; readonly anyDim: boolean } | null;

interface ExpressionState {
  readonly key: string;
  readonly formula: Formula | null;
  readonly template: string;
  /** Bindings of the variables that resolved; a missing name had its problem reported. */
  readonly bindings: Map<string, Binding>;
  /** Mapping index of each EXPRESSION_RESULT dependency that the template uses, by target. */
  readonly dependsOn: Map<number, number>;
}

interface InputState {
  readonly key: string;
  readonly kind: QuantityKind;
  readonly shape: DataShape;
  readonly dim: Dimension | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Checks a blueprint completely and compiles it into a {@link CompiledBlueprint}. Every problem is
 * reported (issue paths relative to the blueprint, e.g. `["expressions", 2, "template"]`); bad input
 * never throws. Templates are parsed by mathjs but never executed by it.
 * @public
 */
export function compileBlueprint(definition: ComponentBlueprintDefinition, options: CompileOptions = {}): CompileResult {
  const opts: Required<CompileOptions> = { ...DEFAULT_COMPILE_OPTIONS, ...stripUndefined(options) };
  const issues: GraphIssue[] = [];
  const raw: unknown = definition;
  if (!isRecord(raw)) {
    return { ok: false, issues: [{ path: [], message: 'a blueprint must be an object', code: BLUEPRINT_ISSUE_CODES.malformed }] };
  }
  const bpKey = typeof raw['key'] === 'string' ? raw['key'] : '';
  if (bpKey === '') issues.push({ path: ['key'], message: 'a blueprint needs a non-empty string key', code: BLUEPRINT_ISSUE_CODES.malformed });
  const bpName = `Blueprint "${bpKey}"`;
  if (!(COMPONENT_TYPES as readonly unknown[]).includes(raw['type'])) {
    issues.push({ path: ['type'], message: `${bpName}: type ${JSON.stringify(raw['type'])} is not one of ${COMPONENT_TYPES.join(', ')}`, code: BLUEPRINT_ISSUE_CODES.malformed });
  }
  const report = (path: IssuePath, code: string, message: string): void => {
    issues.push({ path, code, message });
  };

  // Inputs.
  const rawInputs = Array.isArray(raw['inputs']) ? (raw['inputs'] as unknown[]) : null;
  if (rawInputs === null) report(['inputs'], BLUEPRINT_ISSUE_CODES.malformed, `${bpName}: inputs must be an array`);
  const inputs: (InputState | null)[] = [];
  const inputIndex = new Map<string, number>();
  (rawInputs ?? []).forEach((input, i) => {
    if (!isRecord(input) || typeof input['input_key'] !== 'string' || typeof input['quantity_kind'] !== 'string') {
      report(['inputs', i], BLUEPRINT_ISSUE_CODES.malformed, `${bpName}: input ${i} needs a string input_key and quantity_kind`);
      inputs.push(null);
      return;
    }
    const key = input['input_key'];
    const kind = input['quantity_kind'] as QuantityKind;
    const shape = input['data_shape'] === undefined ? 'SCALAR' : input['data_shape'];
    const where = `${bpName}, input "${key}"`;
    if (inputIndex.has(key)) {
      report(['inputs', i, 'input_key'], BLUEPRINT_ISSUE_CODES.duplicateInput, `${where}: input_key "${key}" is already used by input ${inputIndex.get(key)}`);
    } else {
      inputIndex.set(key, i);
    }
    if (shape !== 'SCALAR' && shape !== 'LIST') {
      report(['inputs', i, 'data_shape'], BLUEPRINT_ISSUE_CODES.malformed, `${where}: data_shape must be SCALAR or LIST, not ${JSON.stringify(shape)}`);
    }
    let dim: Dimension | null = null;
    if (Object.prototype.hasOwnProperty.call(QUANTITY_KIND_DIMENSIONS, kind)) {
      dim = QUANTITY_KIND_DIMENSIONS[kind];
      const unit = input['compatible_unit'];
      if (typeof unit !== 'string') {
        report(['inputs', i, 'compatible_unit'], BLUEPRINT_ISSUE_CODES.malformed, `${where}: compatible_unit must be a string`);
      } else {
        const check = isCompatible(unit, kind);
        if (!check.ok) report(['inputs', i, 'compatible_unit'], BLUEPRINT_ISSUE_CODES.unitIncompatible, `${where}: ${check.message}`);
      }
    } else {
      report(['inputs', i, 'quantity_kind'], BLUEPRINT_ISSUE_CODES.unknownQuantityKind, `${where}: unknown quantity kind "${kind}"`);
    }
    inputs.push({ key, kind, shape: shape === 'LIST' ? 'LIST' : 'SCALAR', dim });
  });

  // Expressions: keys first, so that references may point forwards.
  const rawExpressions = Array.isArray(raw['expressions']) ? (raw['expressions'] as unknown[]) : null;
  if (rawExpressions === null) report(['expressions'], BLUEPRINT_ISSUE_CODES.malformed, `${bpName}: expressions must be an array`);
  else if (rawExpressions.length === 0) report(['expressions'], BLUEPRINT_ISSUE_CODES.noExpressions, `${bpName}: a blueprint needs at least one expression`);
  const exprList = rawExpressions ?? [];
  const exprIndex = new Map<string, number>();
  exprList.forEach((expr, i) => {
    if (!isRecord(expr) || typeof expr['key'] !== 'string') return;
    const key = expr['key'];
    if (exprIndex.has(key)) {
      report(['expressions', i, 'key'], BLUEPRINT_ISSUE_CODES.duplicateExpression, `${bpName}, expression "${key}": key "${key}" is already used by expression ${exprIndex.get(key)}`);
    } else {
      exprIndex.set(key, i);
    }
  });

  const grammar = {
    allowedFunctions: new Set<string>(opts.allowedFunctions),
    allowImplicitMultiplication: opts.allowImplicitMultiplication,
  };
  const states: (ExpressionState | null)[] = exprList.map((expr, i) => {
    if (!isRecord(expr) || typeof expr['key'] !== 'string' || typeof expr['template'] !== 'string' || !Array.isArray(expr['inputs'])) {
      report(['expressions', i], BLUEPRINT_ISSUE_CODES.malformed, `${bpName}: expression ${i} needs a string key, a string template and an inputs array`);
      return null;
    }
    return readExpression(expr['key'], expr['template'], expr['inputs'] as unknown[], i);
  });

  function readExpression(key: string, template: string, mappings: unknown[], i: number): ExpressionState {
    const where = `${bpName}, expression "${key}"`;
    const templatePath = ['expressions', i, 'template'];
    const parsed = parseTemplate(template, grammar);
    for (const p of parsed.problems) report(templatePath, p.code, `${where}: ${p.message}`);

    const bindings = new Map<string, Binding>();
    const dependsOn = new Map<number, number>();
    const used = new Set(parsed.variables);
    const mapped = new Set<string>();
    mappings.forEach((m, j) => {
      const path = ['expressions', i, 'inputs', j];
      if (!isRecord(m) || typeof m['template_key'] !== 'string') {
        report(path, BLUEPRINT_ISSUE_CODES.malformed, `${where}: mapping ${j} needs a string template_key`);
        return;
      }
      const name = m['template_key'];
      const type = m['type'];
      const target = typeof m['input_key'] === 'string' ? m['input_key'] : '';
      const declaredShape = m['data_shape'];
      if (mapped.has(name)) {
        report([...path, 'template_key'], BLUEPRINT_ISSUE_CODES.duplicateMapping, `${where}: variable {${name}} is mapped more than once`);
        return;
      }
      mapped.add(name);
      if (!used.has(name)) {
        report([...path, 'template_key'], BLUEPRINT_ISSUE_CODES.unusedMapping, `${where}: mapping "${name}" has no variable {${name}} in the template`);
      }
      let binding: Binding | null = null;
      let actualShape: DataShape = 'SCALAR';
      if (type === 'DATAPOINT') {
        const index = inputIndex.get(target);
        if (index === undefined) {
          report([...path, 'input_key'], BLUEPRINT_ISSUE_CODES.unknownInput, `${where}: variable {${name}} refers to input "${target}", which the blueprint does not have`);
        } else {
          binding = { kind: 'input', index };
          actualShape = inputs[index]?.shape ?? 'SCALAR';
        }
      } else if (type === 'EXPRESSION_RESULT') {
        const index = exprIndex.get(target);
        if (index === undefined) {
          report([...path, 'input_key'], BLUEPRINT_ISSUE_CODES.unknownExpression, `${where}: variable {${name}} refers to expression "${target}", which the blueprint does not have`);
        } else {
          binding = { kind: 'expression', index };
          if (used.has(name) && !dependsOn.has(index)) dependsOn.set(index, j);
        }
      } else if (type === 'ZERO_TCO2E') {
        binding = { kind: 'zero' };
      } else {
        report([...path, 'type'], BLUEPRINT_ISSUE_CODES.unknownMappingType, `${where}: variable {${name}} has type ${JSON.stringify(type)}; expected DATAPOINT, EXPRESSION_RESULT or ZERO_TCO2E`);
      }
      if (binding !== null && declaredShape !== undefined && declaredShape !== null && declaredShape !== actualShape) {
        const what = binding.kind === 'input' ? `input "${target}" is ${actualShape}` : binding.kind === 'zero' ? 'a ZERO_TCO2E constant is SCALAR' : 'an expression result is SCALAR';
        report([...path, 'data_shape'], BLUEPRINT_ISSUE_CODES.dataShape, `${where}: variable {${name}} declares data_shape ${JSON.stringify(declaredShape)} but ${what}`);
      }
      if (binding !== null) bindings.set(name, binding);
    });
    for (const name of parsed.variables) {
      if (!mapped.has(name)) {
        report(templatePath, BLUEPRINT_ISSUE_CODES.unmappedVariable, `${where}: variable {${name}} has no mapping in the expression's inputs`);
      }
    }
    return { key, formula: parsed.formula, template, bindings, dependsOn };
  }

  // Cycles among expressions (Tarjan's strongly connected components).
  const inCycle = findCycles(states, (cycle, start, mappingIndex) => {
    const keys = cycle.map((k) => `"${states[k]?.key ?? ''}"`);
    const message =
      cycle.length === 1
        ? `${bpName}, expression ${keys[0]}: the expression refers to itself`
        : `${bpName}: expressions ${keys.join(' -> ')} -> ${keys[0]} form a cycle`;
    report(['expressions', start, 'inputs', mappingIndex, 'input_key'], BLUEPRINT_ISSUE_CODES.cycle, message);
  });

  // Dimensions and data shapes, each expression once, dependencies first.
  const infos: DimInfo[] = states.map(() => null);
  const status = new Uint8Array(states.length); // 0 new, 1 checking, 2 done
  const infoOf = (i: number): DimInfo => {
    if (status[i] === 2) return infos[i] ?? null;
    if (status[i] === 1 || inCycle[i] === true) return null;
    status[i] = 1;
    const state = states[i];
    let info: DimInfo = null;
    if (state !== null && state !== undefined && state.formula !== null) {
      const where = `${bpName}, expression "${state.key}"`;
      info = checkFormula(state.formula, {
        bindings: state.bindings,
        inputs,
        expressionInfo: infoOf,
        zeroAnyDim: opts.zeroLiteralMatchesAnyDimension,
        report: (code, message) => report(['expressions', i, 'template'], code, `${where}: ${message}`),
      });
    }
    infos[i] = info;
    status[i] = 2;
    return info;
  };
  for (let i = 0; i < states.length; i++) infoOf(i);

  // The result expression.
  let resultIndex = exprList.length - 1;
  if (opts.resultExpressionKey !== null) {
    const index = exprIndex.get(opts.resultExpressionKey);
    if (index === undefined) {
      report(['expressions'], BLUEPRINT_ISSUE_CODES.unknownResultExpression, `${bpName}: the result expression "${opts.resultExpressionKey}" is not an expression of the blueprint`);
    } else {
      resultIndex = index;
    }
  }
  const resultInfo = resultIndex >= 0 ? infos[resultIndex] : null;
  if (resultInfo !== null && resultInfo !== undefined && !resultInfo.anyDim && !dimensionsEqual(resultInfo.dim, MASS)) {
    const key = states[resultIndex]?.key ?? '';
    report(['expressions', resultIndex, 'template'], BLUEPRINT_ISSUE_CODES.resultNotMass, `${bpName}, expression "${key}": the blueprint's result must be a mass (CO2e), but this expression has dimension ${formatDimension(resultInfo.dim)}`);
  }

  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, blueprint: build(bpKey, raw['type'] as ComponentType, inputs as InputState[], states as ExpressionState[], resultIndex) };
}

function stripUndefined(options: CompileOptions): Partial<CompileOptions> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) out[k] = v;
  return out as Partial<CompileOptions>;
}

/**
 * Calls `onCycle` once per cycle (one per strongly connected component), with the expression
 * indices along the cycle starting at its first expression, and the mapping index of the first
 * edge; returns which expressions lie on a cycle.
 */
function findCycles(
  states: readonly (ExpressionState | null)[],
  onCycle: (cycle: readonly number[], start: number, mappingIndex: number) => void,
): boolean[] {
  const n = states.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const inCycle: boolean[] = new Array<boolean>(n).fill(false);
  let counter = 0;
  const successors = (v: number): number[] => [...(states[v]?.dependsOn.keys() ?? [])];

  const strongConnect = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    for (const w of successors(v)) {
      if (index[w] === -1) {
        strongConnect(w);
        low[v] = Math.min(low[v]!, low[w]!);
      } else if (onStack[w] === 1) {
        low[v] = Math.min(low[v]!, index[w]!);
      }
    }
    if (low[v] !== index[v]) return;
    const component: number[] = [];
    let w: number;
    do {
      w = stack.pop() as number;
      onStack[w] = 0;
      component.push(w);
    } while (w !== v);
    const selfLoop = component.length === 1 && states[v]?.dependsOn.has(v) === true;
    if (component.length === 1 && !selfLoop) return;
    for (const c of component) inCycle[c] = true;
    const start = Math.min(...component);
    const members = new Set(component);
    // Shortest way back to `start` inside the component, for a message that names one real cycle.
    const previous = new Map<number, number>();
    const queue = [start];
    let found = false;
    for (let q = 0; q < queue.length && !found; q++) {
      const u = queue[q] as number;
      for (const s of successors(u)) {
        if (!members.has(s)) continue;
        if (s === start) {
          previous.set(-1, u);
          found = true;
          break;
        }
        if (!previous.has(s)) {
          previous.set(s, u);
          queue.push(s);
        }
      }
    }
    const cycle: number[] = [];
    for (let u = previous.get(-1); u !== undefined && u !== start; u = previous.get(u)) cycle.push(u);
    cycle.push(start);
    cycle.reverse();
    const next = cycle.length > 1 ? (cycle[1] as number) : start;
    onCycle(cycle, start, states[start]?.dependsOn.get(next) ?? 0);
  };
  for (let v = 0; v < n; v++) if (index[v] === -1) strongConnect(v);
  return inCycle;
}

interface CheckContext {
  readonly bindings: ReadonlyMap<string, Binding>;
  readonly inputs: readonly (InputState | null)[];
  readonly expressionInfo: (index: number) => DimInfo;
  readonly zeroAnyDim: boolean;
  readonly report: (code: string, message: string) => void;
}

const OP_VERB: Readonly<Record<string, string>> = { '+': 'add', '-': 'subtract' };

/**
 * The dimension of a formula, reporting every dimension and data-shape problem in it. Returns null
 * when the dimension cannot be known (a problem was reported here or earlier), so that one mistake
 * is not reported again by everything above it.
 */
function checkFormula(f: Formula, ctx: CheckContext): DimInfo {
  const show = (g: Formula): string => `"${clip(printFormula(g))}"`;
  const plain = (dim: Dimension): DimInfo => ({ dim, anyDim: false });

  /** Common dimension of terms that are added or compared; the literal 0 fits any. */
  const common = (terms: readonly DimInfo[], mismatch: (a: string, b: string) => string): DimInfo => {
    if (terms.some((t) => t === null)) return null;
    let acc: DimInfo = null;
    for (const t of terms as { dim: Dimension; anyDim: boolean }[]) {
      if (acc === null || acc.anyDim) acc = acc === null || !t.anyDim ? t : acc;
      else if (!t.anyDim && !dimensionsEqual(acc.dim, t.dim)) {
        ctx.report(BLUEPRINT_ISSUE_CODES.dimension, mismatch(formatDimension(acc.dim), formatDimension(t.dim)));
        return null;
      }
    }
    return acc;
  };

  const needDimensionless = (info: DimInfo, role: string, whole: Formula): boolean => {
    if (info === null) return false;
    if (info.anyDim || isDimensionless(info.dim)) return true;
    ctx.report(BLUEPRINT_ISSUE_CODES.dimension, `${role} in ${show(whole)} must be dimensionless, but has dimension ${formatDimension(info.dim)}`);
    return false;
  };

  const variable = (name: string, inReducer: boolean, whole: Formula): DimInfo => {
    const binding = ctx.bindings.get(name);
    if (binding === undefined) return null;
    if (binding.kind === 'zero') return plain(MASS);
    if (binding.kind === 'expression') return ctx.expressionInfo(binding.index);
    const input = ctx.inputs[binding.index];
    if (input === null || input === undefined) return null;
    if (input.shape === 'LIST' && !inReducer) {
      ctx.report(
        BLUEPRINT_ISSUE_CODES.dataShape,
        `LIST input "${input.key}" ({${name}}) may only be the sole argument of sum, mean, min, max or count, not part of ${show(whole)}`,
      );
      return null;
    }
    return input.dim === null ? null : plain(input.dim);
  };

  const visit = (g: Formula, parent: Formula): DimInfo => {
    switch (g.kind) {
      case 'num':
        return { dim: DIMENSIONLESS, anyDim: ctx.zeroAnyDim && g.value === 0 };
      case 'var':
        return variable(g.name, false, parent);
      case 'neg':
        return visit(g.arg, g);
      case 'bin': {
        const a = visit(g.left, g);
        const b = visit(g.right, g);
        switch (g.op) {
          case '+':
          case '-':
            return common([a, b], (x, y) => `cannot ${OP_VERB[g.op] ?? ''} ${x} and ${y} in ${show(g)}`);
          case '*':
            return a === null || b === null ? null : plain(multiplyDimensions(a.dim, b.dim));
          case '/':
            return a === null || b === null ? null : plain(divideDimensions(a.dim, b.dim));
          case '^': {
            if (a === null || b === null) return null;
            if (!needDimensionless(b, 'the exponent', g)) return null;
            if (a.anyDim || isDimensionless(a.dim)) return plain(DIMENSIONLESS);
            const p = foldConstant(g.right);
            if (p === null) {
              ctx.report(
                BLUEPRINT_ISSUE_CODES.dimension,
                `the exponent in ${show(g)} must be a constant number because the base has dimension ${formatDimension(a.dim)}`,
              );
              return null;
            }
            if (!Number.isFinite(p)) {
              ctx.report(BLUEPRINT_ISSUE_CODES.dimension, `the exponent in ${show(g)} is not a finite number`);
              return null;
            }
            return plain(powerDimension(a.dim, p));
          }
        }
        return null;
      }
      case 'call':
        return call(g);
    }
  };

  const arity = (g: Extract<Formula, { kind: 'call' }>, expected: string): null => {
    ctx.report(BLUEPRINT_ISSUE_CODES.arity, `${g.fn} takes ${expected}, but ${show(g)} has ${g.args.length}`);
    return null;
  };

  const call = (g: Extract<Formula, { kind: 'call' }>): DimInfo => {
    const fn = g.fn;
    if (LIST_REDUCERS.has(fn) && g.args.length === 1) return reducer(g, g.args[0] as Formula);
    if (fn === 'count') return arity(g, 'exactly one LIST input');
    if (LIST_REDUCERS.has(fn)) {
      // sum, mean, min, max over two or more scalars.
      const args = g.args.map((a) => visit(a, g));
      if (args.length === 0) return arity(g, 'one LIST input or two or more scalar arguments');
      return common(args, (x, y) => `the arguments of ${fn} must share a dimension, but ${show(g)} mixes ${x} and ${y}`);
    }
    const args = g.args.map((a) => visit(a, g));
    const [a] = args;
    switch (fn) {
      case 'sqrt':
        if (args.length !== 1) return arity(g, 'one argument');
        return a === null || a === undefined ? null : { dim: powerDimension(a.dim, 0.5), anyDim: a.anyDim };
      case 'abs':
        if (args.length !== 1) return arity(g, 'one argument');
        return a ?? null;
      case 'exp':
        if (args.length !== 1) return arity(g, 'one argument');
        return needDimensionless(a ?? null, 'the argument of exp', g) ? plain(DIMENSIONLESS) : null;
      case 'log': {
        if (args.length !== 1 && args.length !== 2) return arity(g, 'one argument (natural logarithm) or two (value, base)');
        let ok = needDimensionless(a ?? null, 'the argument of log', g);
        if (args.length === 2) ok = needDimensionless(args[1] ?? null, 'the base of log', g) && ok;
        return ok ? plain(DIMENSIONLESS) : null;
      }
    }
    return null;
  };

  const reducer = (g: Extract<Formula, { kind: 'call' }>, arg: Formula): DimInfo => {
    if (arg.kind !== 'var') {
      // A problem inside the argument (e.g. a LIST input in it) already says what is wrong.
      if (visit(arg, g) === null) return null;
      ctx.report(
        BLUEPRINT_ISSUE_CODES.dataShape,
        `${g.fn} with one argument reduces a LIST input, but ${show(g)} gives it ${show(arg)}${g.fn === 'count' ? '' : `; to combine scalars write ${g.fn}(a, b, ...)`}`,
      );
      return null;
    }
    const binding = ctx.bindings.get(arg.name);
    if (binding === undefined) return null;
    if (binding.kind !== 'input' || ctx.inputs[binding.index]?.shape !== 'LIST') {
      const what =
        binding.kind === 'input'
          ? `SCALAR input "${ctx.inputs[binding.index]?.key ?? ''}"`
          : binding.kind === 'zero'
            ? 'the ZERO_TCO2E constant'
            : 'an expression result (a scalar)';
      ctx.report(BLUEPRINT_ISSUE_CODES.dataShape, `${show(g)} needs a LIST input, but {${arg.name}} is ${what}`);
      return null;
    }
    const info = variable(arg.name, true, g);
    if (info === null) return null;
    return g.fn === 'count' ? plain(DIMENSIONLESS) : info;
  };

  return visit(f, f);
}

/** Lowers the checked expressions the result depends on into one program and wraps it. */
function build(
  key: string,
  type: ComponentType,
  inputs: readonly InputState[],
  states: readonly ExpressionState[],
  resultIndex: number,
): CompiledBlueprint {
  const useCounts = new Map<number, Float64Array>();

  /** Lowers expressions into `builder`, each at most once; returns the lowering of expression i. */
  const lowering = (builder: ProgramBuilder): ((i: number) => number) => {
    const exprReg = new Int32Array(states.length).fill(-1);

    const lowerExpression = (i: number): number => {
      const known = exprReg[i]!;
      if (known >= 0) return known;
      const state = states[i] as ExpressionState;
      const reg = lower(state.formula as Formula, state);
      exprReg[i] = reg;
      return reg;
    };

    const lower = (f: Formula, state: ExpressionState): number => {
      switch (f.kind) {
        case 'num':
          return builder.constantRegister(f.value);
        case 'var': {
          const binding = state.bindings.get(f.name) as Binding;
          if (binding.kind === 'zero') return builder.constantRegister(0);
          if (binding.kind === 'expression') return lowerExpression(binding.index);
          return builder.loadInput(binding.index);
        }
        case 'neg':
          return builder.unary('neg', lower(f.arg, state));
        case 'bin':
          return builder.binary(f.op, lower(f.left, state), lower(f.right, state));
        case 'call': {
          const [first] = f.args;
          if (LIST_REDUCERS.has(f.fn) && f.args.length === 1 && first?.kind === 'var') {
            const binding = state.bindings.get(first.name) as Binding & { kind: 'input' };
            return builder.list(f.fn as 'sum' | 'mean' | 'min' | 'max' | 'count', binding.index);
          }
          const args = f.args.map((a) => lower(a, state));
          const a0 = args[0] as number;
          switch (f.fn) {
            case 'sum':
            case 'mean':
            case 'min':
            case 'max': {
              const op = f.fn === 'min' || f.fn === 'max' ? f.fn : '+';
              let acc = a0;
              for (let k = 1; k < args.length; k++) acc = builder.binary(op, acc, args[k] as number);
              return f.fn === 'mean' ? builder.binary('/', acc, builder.constantRegister(args.length)) : acc;
            }
            case 'log':
              return args.length === 2
                ? builder.binary('/', builder.unary('log', a0), builder.unary('log', args[1] as number))
                : builder.unary('log', a0);
            case 'sqrt':
            case 'exp':
            case 'abs':
              return builder.unary(f.fn, a0);
            case 'count':
              break;
          }
          throw new Error(`internal: ${f.fn} reached the code generator unchecked`);
        }
      }
    };
    return lowerExpression;
  };

  /** How often each input enters expression i, counting through references. */
  const countsOf = (i: number): Float64Array => {
    const known = useCounts.get(i);
    if (known !== undefined) return known;
    const counts = new Float64Array(inputs.length);
    const state = states[i] as ExpressionState;
    const walk = (f: Formula): void => {
      switch (f.kind) {
        case 'var': {
          const binding = state.bindings.get(f.name);
          if (binding?.kind === 'input') counts[binding.index] = counts[binding.index]! + 1;
          else if (binding?.kind === 'expression') {
            const inner = countsOf(binding.index);
            for (let k = 0; k < counts.length; k++) counts[k] = counts[k]! + inner[k]!;
          }
          return;
        }
        case 'neg':
          return walk(f.arg);
        case 'bin':
          walk(f.left);
          return walk(f.right);
        case 'call':
          return f.args.forEach(walk);
        case 'num':
          return;
      }
    };
    walk(state.formula as Formula);
    useCounts.set(i, counts);
    return counts;
  };

  const programOf = (i: number) => {
    const builder = new ProgramBuilder();
    return builder.build(lowering(builder)(i), inputs.length);
  };
  const program = (i: number) => createEvaluator(programOf(i));
  // The result runs once per component, hundreds of thousands of times in a large graph: compiled
  // to JavaScript where the host allows it. Reports' intermediate values stay interpreted.
  const resultProgram = programOf(resultIndex);
  const evaluate = createGeneratedEvaluator(resultProgram) ?? createEvaluator(resultProgram);
  // Programs for every expression, built on first use: reports show intermediate values.
  const expressionPrograms: (ReturnType<typeof createEvaluator> | undefined)[] = new Array(states.length);
  const evaluateExpressions = (values: Float64Array, inputStart: Int32Array): Float64Array => {
    const out = new Float64Array(states.length);
    for (let i = 0; i < states.length; i++) {
      const run = expressionPrograms[i] ?? (expressionPrograms[i] = program(i));
      out[i] = run(values, inputStart, null);
    }
    return out;
  };
  const compiledInputs: CompiledBlueprintInput[] = inputs.map((input) =>
    Object.freeze({ input_key: input.key, quantity_kind: input.kind, data_shape: input.shape, dimension: input.dim as Dimension }),
  );
  return Object.freeze({
    key,
    type,
    inputs: Object.freeze(compiledInputs),
    inputUseCounts: Object.freeze(Array.from(countsOf(resultIndex))),
    resultExpression: (states[resultIndex] as ExpressionState).key,
    expressions: Object.freeze(states.map((s) => Object.freeze({ key: s.key, template: printFormula(s.formula as Formula) }))),
    evaluate,
    evaluateExpressions,
  });
}
