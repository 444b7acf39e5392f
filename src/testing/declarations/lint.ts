/**
 * What `check` says about a blueprint without running anything: suspicious types (a SEQUESTRATION
 * that reads an emission factor is most likely an emission typed the wrong way), and the inputs no
 * declaration speaks about, which only the type's sign convention then protects.
 * May import: model.
 */
import type { BlueprintDefinition } from '../arbitraries/component';
import type { MethodologyChecks } from './methodology';

/** Warnings about a blueprint's type given the kinds of its inputs. */
export function typeWarnings(blueprint: BlueprintDefinition): string[] {
  const warnings: string[] = [];
  const kinds = blueprint.inputs.map((i) => ({ key: i.input_key, kind: String(i.quantity_kind) }));
  // Only the emission factor in a removal is flagged: a LOSS or a COUNTERFACTUAL reading a CDR
  // potential is common and right (degassing of the weathered part, a baseline's weathering).
  const removal = blueprint.type === 'SEQUESTRATION' || blueprint.type === 'REDUCTION';
  for (const { key, kind } of kinds) {
    if (removal && kind.endsWith('emission_factor')) {
      warnings.push(
        `type: a ${blueprint.type} reads input '${key}' of kind ${kind}, an emission factor: an emission is an ACTIVITY (or a LOSS), which lowers the net`,
      );
    }
  }
  return warnings;
}

/** Whether a declaration names the blueprint (or every blueprint, when it names none). */
const about = (blueprint: BlueprintDefinition, named: string | undefined) => named === undefined || named === blueprint.key;

/** The inputs of a blueprint that no monotonicity, LIST semantics, homogeneity or bound speaks about. */
export function undeclaredInputs(blueprint: BlueprintDefinition, checks: MethodologyChecks): string[] {
  const declared = new Set<string>();
  for (const d of [...(checks.monotonicity ?? []), ...(checks.list_semantics ?? []), ...(checks.homogeneity ?? [])])
    if (about(blueprint, d.blueprint)) declared.add(d.input);
  for (const b of checks.bounds ?? []) {
    if (b.blueprint !== blueprint.key) continue;
    for (const f of [b.at_least, b.at_most]) for (const m of (f ?? '').matchAll(/\{(\w+)\}/g)) declared.add(m[1] as string);
  }
  return blueprint.inputs.map((i) => i.input_key).filter((k) => !declared.has(k));
}
