/**
 * What the compiler knows about a blueprint's inputs and expressions while it checks them, shared
 * by its steps (reading, cycle search, dimension check, lowering). Internal to expressions.
 */
import type { DataShape } from '../model/graph';
import type { QuantityKind } from '../model/quantity-kinds';
import type { Dimension } from '../units';
import type { Formula } from './formula';

/** What a template variable stands for, once its mapping is resolved. */
export type Binding =
  | { readonly kind: 'input'; readonly index: number }
  | { readonly kind: 'expression'; readonly index: number }
  | { readonly kind: 'zero' };

/**
 * A dimension found by the check; `anyDim` marks the literal 0, which fits any dimension. `lists`,
 * when present, marks an element-wise LIST value: the blueprint inputs (indices) it is paired over,
 * which must have one length (docs/rules.md, "Element-wise lists").
 */
export type DimInfo = {
  readonly dim: Dimension;
  readonly anyDim: boolean;
  readonly lists?: readonly number[];
  /**
   * For a temperature, whether it is an absolute temperature or a difference of two, when that is
   * known (docs/units.md, "Unit literals": what a literal in an offset unit may meet).
   */
  readonly temperature?: TemperatureScale;
} | null;

/** An absolute temperature (an input, a literal in degC) or a difference of two (`difference: true`, 10 K). */
export type TemperatureScale = 'absolute' | 'difference';

/** LIST inputs combined element-wise and then reduced in one expression: every component must give them one length. */
export interface ListPairing {
  /** Key of the expression. */
  readonly expression: string;
  /** The reduction or operation, normalised, for messages. */
  readonly formula: string;
  /** Indices of the blueprint's LIST inputs paired (two or more, ascending). */
  readonly inputs: readonly number[];
}

export interface ExpressionState {
  readonly key: string;
  readonly formula: Formula | null;
  readonly template: string;
  /** Bindings of the variables that resolved; a missing name had its problem reported. */
  readonly bindings: Map<string, Binding>;
  /** Mapping index of each EXPRESSION_RESULT dependency that the template uses, by target. */
  readonly dependsOn: Map<number, number>;
}

export interface InputState {
  readonly key: string;
  readonly kind: QuantityKind;
  readonly shape: DataShape;
  readonly dim: Dimension | null;
  /** Declared `difference: true`: its datapoints are changes of a quantity (docs/graph-document.md). */
  readonly difference: boolean;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
