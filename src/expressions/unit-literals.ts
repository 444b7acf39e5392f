/**
 * Unit literals of a formula (docs/rules.md, "Formula language, added"): a number followed by a
 * unit the unit reader accepts (`1 g/cm^3`, `0.0673 kg`, `(1 cm)`), converted to SI once, so that an
 * empirical formula states its units. mathjs reads `1 g/cm^3` as `(1 g) / cm^3`, the number and
 * the first unit joined by an implicit multiplication; this module recognises those shapes in its
 * tree and reads the unit text with the engine's unit reader (src/units), whose message names the
 * nearest spelling of a unit it does not know.
 */
import { type Dimension, isUnitError, parseUnit } from '../units';

/** The slice of a mathjs node read here (see formula.ts). */
export interface UnitLiteralNode {
  readonly type: string;
  readonly value?: unknown;
  readonly name?: string;
  readonly fn?: unknown;
  readonly args?: readonly UnitLiteralNode[];
  readonly implicit?: boolean;
  readonly content?: UnitLiteralNode;
}

/** A unit literal read: its SI value, dimension and text. */
export interface UnitLiteral {
  readonly value: number;
  readonly dim: Dimension;
  readonly text: string;
}

/**
 * The unit literal `node` is, a message when it is one the unit reader refuses, or undefined when
 * the node is not shaped as a unit literal. `isVariable` tells the formula's substituted variables.
 */
export function unitLiteral(node: UnitLiteralNode, isVariable: (name: string) => boolean): UnitLiteral | string | undefined {
  const parts = literalParts(node, isVariable);
  if (parts === undefined) return undefined;
  const text = `${String(parts.number)} ${parts.unit}`;
  try {
    const unit = parseUnit(parts.unit);
    const value = parts.number * unit.scale + unit.offset;
    if (!Number.isFinite(value)) return `the value of ${text} in SI is not a finite number`;
    return { value, dim: unit.dimension, text };
  } catch (error) {
    if (isUnitError(error)) return error.message;
    throw error;
  }
}

function operatorName(node: UnitLiteralNode): string {
  return node.type === 'OperatorNode' && typeof node.fn === 'string' ? node.fn : '';
}

/** `number unit`, `literal unit`, `literal / unit` or `literal * unit`; undefined for any other shape. */
function literalParts(node: UnitLiteralNode, isVariable: (name: string) => boolean): { number: number; unit: string } | undefined {
  const fn = operatorName(node);
  const [left, right] = node.args ?? [];
  if ((fn !== 'multiply' && fn !== 'divide') || left === undefined || right === undefined || (node.args ?? []).length !== 2)
    return undefined;
  const unit = unitText(right, isVariable);
  if (unit === undefined) return undefined;
  if (fn === 'multiply' && node.implicit === true && left.type === 'ConstantNode' && typeof left.value === 'number') {
    return { number: left.value, unit };
  }
  const inner = literalParts(left, isVariable);
  if (inner === undefined) return undefined;
  return {
    number: inner.number,
    unit: fn === 'divide' ? `${inner.unit} / ${group(right, unit)}` : `${inner.unit} * ${group(right, unit)}`,
  };
}

/** A product or quotient in parentheses, so that `kg / m s` keeps its meaning once printed. */
function group(node: UnitLiteralNode, text: string): string {
  const fn = operatorName(node);
  return fn === 'multiply' || fn === 'divide' ? `(${text})` : text;
}

/** The text of a pure unit expression (names, powers, products, quotients); undefined otherwise. */
function unitText(node: UnitLiteralNode, isVariable: (name: string) => boolean): string | undefined {
  if (node.type === 'SymbolNode') return node.name === undefined || isVariable(node.name) ? undefined : node.name;
  if (node.type === 'ParenthesisNode' && node.content !== undefined) {
    const inner = unitText(node.content, isVariable);
    return inner === undefined ? undefined : `(${inner})`;
  }
  const fn = operatorName(node);
  const [left, right] = node.args ?? [];
  if (left === undefined || right === undefined) return undefined;
  if (fn === 'pow') {
    const base = unitText(left, isVariable);
    const power = exponent(right);
    return base === undefined || power === undefined ? undefined : `${base}^${power}`;
  }
  if (fn === 'multiply' || fn === 'divide') {
    const a = unitText(left, isVariable);
    const b = unitText(right, isVariable);
    if (a === undefined || b === undefined) return undefined;
    return fn === 'multiply' ? `${a} * ${b}` : `${a} / ${group(right, b)}`;
  }
  return undefined;
}

/** A constant exponent, possibly negative; undefined otherwise. */
function exponent(node: UnitLiteralNode): string | undefined {
  if (node.type === 'ConstantNode' && typeof node.value === 'number') return String(node.value);
  if (operatorName(node) === 'unaryMinus') {
    const [arg] = node.args ?? [];
    if (arg?.type === 'ConstantNode' && typeof arg.value === 'number') return `(-${String(arg.value)})`;
  }
  if (node.type === 'ParenthesisNode' && node.content !== undefined) return exponent(node.content);
  return undefined;
}
