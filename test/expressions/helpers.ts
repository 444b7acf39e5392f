import type { ComponentBlueprintDefinition, ExpressionInput } from '../../src/model/graph';
import type { QuantityKind } from '../../src/model/quantity-kinds';
import { QUANTITY_KIND_EXAMPLE_UNITS } from '../../src/units';
import { type CompiledBlueprint, compileBlueprint, type CompileOptions } from '../../src/expressions';
import type { GraphIssue } from '../../src/model/issues';

export type InputSpec = readonly [key: string, kind: QuantityKind, shape?: 'SCALAR' | 'LIST'];
/** Mapping shorthand: template_key -> input key, `=expr` for an expression result, `0` for ZERO_TCO2E. */
export type MappingSpec = Readonly<Record<string, string>>;
export type ExpressionSpec = readonly [key: string, template: string, mappings?: MappingSpec];

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * A blueprint from shorthand. Without explicit mappings each `{name}` maps to the expression of that
 * key if there is one, else to the input of that key.
 */
export function blueprint(inputs: readonly InputSpec[], expressions: readonly ExpressionSpec[], key = 'bp'): ComponentBlueprintDefinition {
  const exprKeys = new Set(expressions.map((e) => e[0]));
  return {
    key,
    type: 'ACTIVITY',
    inputs: inputs.map(([input_key, quantity_kind, data_shape]) => ({
      input_key,
      quantity_kind,
      compatible_unit: QUANTITY_KIND_EXAMPLE_UNITS[quantity_kind],
      data_shape: data_shape ?? 'SCALAR',
    })),
    expressions: expressions.map(([k, template, mappings]) => {
      const spec: Record<string, string> = { ...mappings };
      if (mappings === undefined) {
        for (const m of template.matchAll(VARIABLE)) {
          const name = m[1] as string;
          spec[name] = exprKeys.has(name) ? `=${name}` : name;
        }
      }
      const list: ExpressionInput[] = Object.entries(spec).map(([template_key, target]) => {
        if (target === '0') return { template_key, input_key: '', type: 'ZERO_TCO2E' };
        if (target.startsWith('=')) return { template_key, input_key: target.slice(1), type: 'EXPRESSION_RESULT' };
        return { template_key, input_key: target, type: 'DATAPOINT' };
      });
      return { key: k, template, inputs: list };
    }),
  };
}

export function compileOk(def: ComponentBlueprintDefinition, options?: CompileOptions): CompiledBlueprint {
  const r = compileBlueprint(def, options);
  if (!r.ok)
    throw new Error(`expected to compile, got:\n${r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)} ${i.message}`).join('\n')}`);
  return r.blueprint;
}

export function compileIssues(def: ComponentBlueprintDefinition, options?: CompileOptions): readonly GraphIssue[] {
  const r = compileBlueprint(def, options);
  if (r.ok) throw new Error('expected issues, but the blueprint compiled');
  return r.issues;
}

/** The single-expression blueprint of a mass result over inputs m (mass) and dimensionless a, b, c, list xs. */
export const SCALAR_INPUTS: readonly InputSpec[] = [
  ['m', 'mass'],
  ['a', 'dimensionless'],
  ['b', 'dimensionless'],
  ['c', 'dimensionless'],
];
