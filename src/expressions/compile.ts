/**
 * The blueprint compiler: checks a blueprint completely (formula grammar, variable mappings, the
 * DAG of expressions, data shapes, dimensions) and turns it into one program per blueprint. Each
 * step below reads one part of the blueprint and reports every problem it finds; nothing stops at
 * the first.
 * May import: model, units, and the other modules of expressions.
 */
import { type ComponentBlueprintDefinition, type ComponentType, COMPONENT_TYPES, type DataShape } from '../model/graph';
import type { GraphIssue, GraphIssueCode, IssuePath } from '../model/issues';
import type { QuantityKind } from '../model/quantity-kinds';
import { type Dimension, DIMENSIONLESS, dimensionsEqual, formatDimension, isCompatible, MASS, QUANTITY_KIND_DIMENSIONS } from '../units';
import { nearestName } from '../model/nearest-name';
import { optionIssues } from '../model/strict-options';
import {
  BLUEPRINT_ISSUE_CODES,
  COMPILE_OPTION_CHECKS,
  type CompileOptions,
  type CompileResult,
  DEFAULT_COMPILE_OPTIONS,
} from './blueprint-types';
import { type Binding, type DimInfo, type ExpressionState, type InputState, isRecord, type ListPairing } from './compile-state';
import { findCycles } from './cycles';
import { checkFormula } from './dimension-check';
import { type Formula, parseTemplate, printFormula } from './formula';
import { build } from './lower';
import { namedResultKey, resolveResultExpression } from './result-expression';

/** Where problems go, and the blueprint's name for their messages. */
interface Reporter {
  /** `Blueprint "key"`, the start of every message. */
  readonly bpName: string;
  report(path: IssuePath, code: GraphIssueCode, message: string): void;
}

/** What a mapping may refer to, once inputs and expression keys are read. */
interface MappingScope extends Reporter {
  readonly inputs: readonly (InputState | null)[];
  readonly inputIndex: ReadonlyMap<string, number>;
  readonly exprIndex: ReadonlyMap<string, number>;
  readonly grammar: { readonly allowedFunctions: ReadonlySet<string>; readonly allowImplicitMultiplication: boolean };
}

/**
 * Checks a blueprint completely and compiles it into a {@link CompiledBlueprint}. Every problem is
 * reported (issue paths relative to the blueprint, e.g. `["expressions", 2, "template"]`), and an
 * unknown option or an option value of the wrong type (path starting with `options`); bad input
 * never throws. Templates are parsed by mathjs but never executed by it.
 * @public
 */
export function compileBlueprint(definition: ComponentBlueprintDefinition, options: CompileOptions = {}): CompileResult {
  const invalidOptions = optionIssues(options, COMPILE_OPTION_CHECKS, ['options']);
  if (invalidOptions.length > 0) return { ok: false, issues: invalidOptions };
  const opts: Required<CompileOptions> = { ...DEFAULT_COMPILE_OPTIONS, ...stripUndefined(options) };
  const raw: unknown = definition;
  if (!isRecord(raw)) {
    return { ok: false, issues: [{ path: [], message: 'a blueprint must be an object', code: BLUEPRINT_ISSUE_CODES.malformed }] };
  }
  const issues: GraphIssue[] = [];
  const bpKey = typeof raw['key'] === 'string' ? raw['key'] : '';
  const reporter: Reporter = { bpName: `Blueprint "${bpKey}"`, report: (path, code, message) => void issues.push({ path, code, message }) };
  readHeader(raw, bpKey, reporter);
  const { inputs, inputIndex } = readInputs(raw, reporter);
  const exprList = readExpressionList(raw, reporter);
  const scope: MappingScope = {
    ...reporter,
    inputs,
    inputIndex,
    exprIndex: readExpressionKeys(exprList, reporter),
    grammar: { allowedFunctions: new Set<string>(opts.allowedFunctions), allowImplicitMultiplication: opts.allowImplicitMultiplication },
  };
  const states = exprList.map((expr, i) => readExpression(expr, i, scope));
  const inCycle = reportCycles(states, reporter);
  const pairings: ListPairing[] = [];
  const infos = checkDimensions({ states, inputs, inCycle }, opts.zeroLiteralMatchesAnyDimension, reporter, pairings);
  const named = namedResultKey(raw, opts.resultExpressionKey, reporter);
  const resultIndex = resolveResultExpression(states, scope.exprIndex, named, inCycle, reporter);
  checkResultIsMass(resultIndex, infos, states, reporter);
  if (issues.length > 0 || resultIndex < 0) return { ok: false, issues };
  return {
    ok: true,
    blueprint: build(bpKey, raw['type'] as ComponentType, {
      inputs: inputs as InputState[],
      states: states as ExpressionState[],
      resultIndex,
      dimensions: infos.map((info) => info?.dim ?? DIMENSIONLESS),
      pairings,
    }),
  };
}

/** `; did you mean "x"?` naming the nearest of `known` to a name that names none of them, or ''. */
function hint(name: string, known: readonly string[]): string {
  const near = nearestName(name, known);
  return near === undefined ? '' : `; did you mean "${near}"?`;
}

function stripUndefined(options: CompileOptions): Partial<CompileOptions> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) out[k] = v;
  return out as Partial<CompileOptions>;
}

/** The blueprint's key and type. */
function readHeader(raw: Record<string, unknown>, bpKey: string, { bpName, report }: Reporter): void {
  if (bpKey === '') report(['key'], BLUEPRINT_ISSUE_CODES.malformed, 'a blueprint needs a non-empty string key');
  if (!(COMPONENT_TYPES as readonly unknown[]).includes(raw['type'])) {
    report(
      ['type'],
      BLUEPRINT_ISSUE_CODES.malformed,
      `${bpName}: type ${JSON.stringify(raw['type'])} is not one of ${COMPONENT_TYPES.join(', ')}`,
    );
  }
}

/** Every input with its kind's dimension; a malformed input is kept as null so indices stay right. */
function readInputs(raw: Record<string, unknown>, reporter: Reporter): { inputs: (InputState | null)[]; inputIndex: Map<string, number> } {
  const rawInputs = Array.isArray(raw['inputs']) ? (raw['inputs'] as unknown[]) : null;
  if (rawInputs === null) reporter.report(['inputs'], BLUEPRINT_ISSUE_CODES.malformed, `${reporter.bpName}: inputs must be an array`);
  const inputs: (InputState | null)[] = [];
  const inputIndex = new Map<string, number>();
  (rawInputs ?? []).forEach((input, i) => inputs.push(readInput(input, i, inputIndex, reporter)));
  return { inputs, inputIndex };
}

function readInput(input: unknown, i: number, inputIndex: Map<string, number>, { bpName, report }: Reporter): InputState | null {
  if (!isRecord(input) || typeof input['input_key'] !== 'string' || typeof input['quantity_kind'] !== 'string') {
    report(['inputs', i], BLUEPRINT_ISSUE_CODES.malformed, `${bpName}: input ${i} needs a string input_key and quantity_kind`);
    return null;
  }
  const key = input['input_key'];
  const kind = input['quantity_kind'] as QuantityKind;
  const shape = input['data_shape'] === undefined ? 'SCALAR' : input['data_shape'];
  const where = `${bpName}, input "${key}"`;
  const earlier = inputIndex.get(key);
  if (earlier !== undefined)
    report(
      ['inputs', i, 'input_key'],
      BLUEPRINT_ISSUE_CODES.duplicateInput,
      `${where}: input_key "${key}" is already used by input ${earlier}`,
    );
  else inputIndex.set(key, i);
  if (shape !== 'SCALAR' && shape !== 'LIST') {
    report(
      ['inputs', i, 'data_shape'],
      BLUEPRINT_ISSUE_CODES.malformed,
      `${where}: data_shape must be SCALAR or LIST, not ${JSON.stringify(shape)}`,
    );
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
    report(
      ['inputs', i, 'quantity_kind'],
      BLUEPRINT_ISSUE_CODES.unknownQuantityKind,
      `${where}: unknown quantity kind "${kind}"${hint(kind, Object.keys(QUANTITY_KIND_DIMENSIONS))}`,
    );
  }
  return { key, kind, shape: shape === 'LIST' ? 'LIST' : 'SCALAR', dim, difference: input['difference'] === true };
}

function readExpressionList(raw: Record<string, unknown>, { bpName, report }: Reporter): unknown[] {
  const list = Array.isArray(raw['expressions']) ? (raw['expressions'] as unknown[]) : null;
  if (list === null) report(['expressions'], BLUEPRINT_ISSUE_CODES.malformed, `${bpName}: expressions must be an array`);
  else if (list.length === 0)
    report(['expressions'], BLUEPRINT_ISSUE_CODES.noExpressions, `${bpName}: a blueprint needs at least one expression`);
  return list ?? [];
}

/** Expression keys first, so that references may point forwards. */
function readExpressionKeys(exprList: readonly unknown[], { bpName, report }: Reporter): Map<string, number> {
  const exprIndex = new Map<string, number>();
  exprList.forEach((expr, i) => {
    if (!isRecord(expr) || typeof expr['key'] !== 'string') return;
    const key = expr['key'];
    const earlier = exprIndex.get(key);
    if (earlier !== undefined) {
      report(
        ['expressions', i, 'key'],
        BLUEPRINT_ISSUE_CODES.duplicateExpression,
        `${bpName}, expression "${key}": key "${key}" is already used by expression ${earlier}`,
      );
    } else {
      exprIndex.set(key, i);
    }
  });
  return exprIndex;
}

/** One expression: its template parsed, each mapping resolved, every variable mapped once. */
function readExpression(expr: unknown, i: number, scope: MappingScope): ExpressionState | null {
  if (!isRecord(expr) || typeof expr['key'] !== 'string' || typeof expr['template'] !== 'string' || !Array.isArray(expr['inputs'])) {
    scope.report(
      ['expressions', i],
      BLUEPRINT_ISSUE_CODES.malformed,
      `${scope.bpName}: expression ${i} needs a string key, a string template and an inputs array`,
    );
    return null;
  }
  const key = expr['key'];
  const template = expr['template'];
  const where = `${scope.bpName}, expression "${key}"`;
  const templatePath = ['expressions', i, 'template'];
  const parsed = parseTemplate(template, scope.grammar);
  for (const p of parsed.problems) scope.report(templatePath, p.code, `${where}: ${p.message}`);
  const expression: ExpressionState = { key, formula: parsed.formula, template, bindings: new Map(), dependsOn: new Map() };
  const used = new Set(parsed.variables);
  const mapped = new Set<string>();
  (expr['inputs'] as unknown[]).forEach((m, j) =>
    readMapping(m, ['expressions', i, 'inputs', j], j, { where, used, mapped, expression }, scope),
  );
  for (const name of parsed.variables) {
    if (!mapped.has(name))
      scope.report(
        templatePath,
        BLUEPRINT_ISSUE_CODES.unmappedVariable,
        `${where}: variable {${name}} has no mapping in the expression's inputs`,
      );
  }
  return expression;
}

/** The expression a mapping belongs to, as far as it is read. */
interface MappingTarget {
  readonly where: string;
  readonly used: ReadonlySet<string>;
  readonly mapped: Set<string>;
  readonly expression: ExpressionState;
}

/** One `{template_key -> input or expression}` mapping of an expression. */
function readMapping(m: unknown, path: IssuePath, j: number, target: MappingTarget, scope: MappingScope): void {
  const { where, used, mapped, expression } = target;
  if (!isRecord(m) || typeof m['template_key'] !== 'string') {
    scope.report(path, BLUEPRINT_ISSUE_CODES.malformed, `${where}: mapping ${j} needs a string template_key`);
    return;
  }
  const name = m['template_key'];
  if (mapped.has(name)) {
    scope.report(
      [...path, 'template_key'],
      BLUEPRINT_ISSUE_CODES.duplicateMapping,
      `${where}: variable {${name}} is mapped more than once`,
    );
    return;
  }
  mapped.add(name);
  if (!used.has(name))
    scope.report(
      [...path, 'template_key'],
      BLUEPRINT_ISSUE_CODES.unusedMapping,
      `${where}: mapping "${name}" has no variable {${name}} in the template`,
    );
  const targetKey = typeof m['input_key'] === 'string' ? m['input_key'] : '';
  const resolved = resolveMapping({ type: m['type'], name, targetKey, path, where }, scope);
  if (resolved === null) return;
  const { binding, shape } = resolved;
  if (binding.kind === 'expression' && used.has(name) && !expression.dependsOn.has(binding.index))
    expression.dependsOn.set(binding.index, j);
  const declaredShape = m['data_shape'];
  if (declaredShape !== undefined && declaredShape !== null && declaredShape !== shape) {
    const what =
      binding.kind === 'input'
        ? `input "${targetKey}" is ${shape}`
        : binding.kind === 'zero'
          ? 'a ZERO_TCO2E constant is SCALAR'
          : 'an expression result is SCALAR';
    scope.report(
      [...path, 'data_shape'],
      BLUEPRINT_ISSUE_CODES.dataShape,
      `${where}: variable {${name}} declares data_shape ${JSON.stringify(declaredShape)} but ${what}`,
    );
  }
  expression.bindings.set(name, binding);
}

/** A mapping of an expression: variable `name` mapped to `targetKey` of kind `type`, at `path` (`where` in messages). */
interface MappingRead {
  readonly type: unknown;
  readonly name: string;
  readonly targetKey: string;
  readonly path: IssuePath;
  readonly where: string;
}

/** What a mapping stands for, and its data shape; null after a problem. */
function resolveMapping(mapping: MappingRead, scope: MappingScope): { binding: Binding; shape: DataShape } | null {
  const { type, name, targetKey, path, where } = mapping;
  if (type === 'DATAPOINT') {
    const index = scope.inputIndex.get(targetKey);
    if (index !== undefined) return { binding: { kind: 'input', index }, shape: scope.inputs[index]?.shape ?? 'SCALAR' };
    scope.report(
      [...path, 'input_key'],
      BLUEPRINT_ISSUE_CODES.unknownInput,
      `${where}: variable {${name}} refers to input "${targetKey}", which the blueprint does not have${hint(targetKey, [...scope.inputIndex.keys()])}`,
    );
    return null;
  }
  if (type === 'EXPRESSION_RESULT') {
    const index = scope.exprIndex.get(targetKey);
    if (index !== undefined) return { binding: { kind: 'expression', index }, shape: 'SCALAR' };
    scope.report(
      [...path, 'input_key'],
      BLUEPRINT_ISSUE_CODES.unknownExpression,
      `${where}: variable {${name}} refers to expression "${targetKey}", which the blueprint does not have${hint(targetKey, [...scope.exprIndex.keys()])}`,
    );
    return null;
  }
  if (type === 'ZERO_TCO2E') return { binding: { kind: 'zero' }, shape: 'SCALAR' };
  scope.report(
    [...path, 'type'],
    BLUEPRINT_ISSUE_CODES.unknownMappingType,
    `${where}: variable {${name}} has type ${JSON.stringify(type)}; expected DATAPOINT, EXPRESSION_RESULT or ZERO_TCO2E`,
  );
  return null;
}

/** Reports each cycle among expressions once; returns which expressions lie on one. */
function reportCycles(states: readonly (ExpressionState | null)[], { bpName, report }: Reporter): boolean[] {
  return findCycles(states, (cycle, start, mappingIndex) => {
    const keys = cycle.map((k) => `"${states[k]?.key ?? ''}"`);
    const message =
      cycle.length === 1
        ? `${bpName}, expression ${keys[0]}: the expression refers to itself`
        : `${bpName}: expressions ${keys.join(' -> ')} -> ${keys[0]} form a cycle`;
    report(['expressions', start, 'inputs', mappingIndex, 'input_key'], BLUEPRINT_ISSUE_CODES.cycle, message);
  });
}

/** A blueprint as read: its expressions, its inputs, and which expressions are in a cycle. */
interface BlueprintRead {
  readonly states: readonly (ExpressionState | null)[];
  readonly inputs: readonly (InputState | null)[];
  readonly inCycle: readonly boolean[];
}

/** Dimensions and data shapes, each expression once, dependencies first (none through a cycle). */
function checkDimensions(read: BlueprintRead, zeroAnyDim: boolean, { bpName, report }: Reporter, pairings: ListPairing[]): DimInfo[] {
  const { states, inputs, inCycle } = read;
  const infos: DimInfo[] = states.map(() => null);
  const status = new Uint8Array(states.length); // 0 new, 1 checking, 2 done
  const infoOf = (i: number): DimInfo => {
    if (status[i] === 2) return infos[i] ?? null;
    if (status[i] === 1 || inCycle[i] === true) return null;
    status[i] = 1;
    const state = states[i];
    if (state !== null && state !== undefined && state.formula !== null) {
      const where = `${bpName}, expression "${state.key}"`;
      const info = checkFormula(state.formula, {
        bindings: state.bindings,
        inputs,
        expressionInfo: infoOf,
        zeroAnyDim,
        report: (code, message) => report(['expressions', i, 'template'], code, `${where}: ${message}`),
        pairing: (lists, formula) => addPairing(pairings, { expression: state.key, formula: printFormula(formula), inputs: lists }),
      });
      infos[i] = info !== null && info.lists !== undefined ? unreduced(state, info.lists, inputs, { index: i, where, report }) : info;
    }
    status[i] = 2;
    return infos[i] ?? null;
  };
  for (let i = 0; i < states.length; i++) infoOf(i);
  return infos;
}

/** Reports an expression whose value is a LIST (an element-wise formula not reduced): its info becomes unknown. */
function unreduced(
  state: ExpressionState,
  lists: readonly number[],
  inputs: readonly (InputState | null)[],
  at: { readonly index: number; readonly where: string; readonly report: Reporter['report'] },
): DimInfo {
  const { index: i, where, report } = at;
  const names = lists.map((k) => `"${inputs[k]?.key ?? ''}"`).join(', ');
  report(
    ['expressions', i, 'template'],
    BLUEPRINT_ISSUE_CODES.dataShape,
    `${where}: the value of "${printFormula(state.formula as Formula)}" is a LIST (element-wise over LIST input${lists.length > 1 ? 's' : ''} ${names}); a LIST must be reduced with sum, mean, min, max or count before it is a scalar value, e.g. mean(...)`,
  );
  return null;
}

/** Adds a pairing unless the same expression already pairs the same inputs. */
function addPairing(pairings: ListPairing[], pairing: ListPairing): void {
  const same = (p: ListPairing): boolean =>
    p.expression === pairing.expression && p.inputs.length === pairing.inputs.length && p.inputs.every((k, j) => k === pairing.inputs[j]);
  if (!pairings.some(same)) pairings.push(pairing);
}

function checkResultIsMass(
  resultIndex: number,
  infos: readonly DimInfo[],
  states: readonly (ExpressionState | null)[],
  { bpName, report }: Reporter,
): void {
  const resultInfo = resultIndex >= 0 ? infos[resultIndex] : null;
  if (resultInfo === null || resultInfo === undefined || resultInfo.anyDim || dimensionsEqual(resultInfo.dim, MASS)) return;
  const key = states[resultIndex]?.key ?? '';
  report(
    ['expressions', resultIndex, 'template'],
    BLUEPRINT_ISSUE_CODES.resultNotMass,
    `${bpName}, expression "${key}": the blueprint's result must be a mass (CO2e), but this expression has dimension ${formatDimension(resultInfo.dim)}`,
  );
}
