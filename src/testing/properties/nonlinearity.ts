/**
 * Where a blueprint's formula bends with one input: the first expression (in the blueprint's
 * order) that depends on the input and puts it through a kink (`min`, `max`, `abs`), a
 * denominator, or an exponential, logarithm or power. Read from the templates, so that a
 * linearisation failure can say where to look rather than only that the figures differ.
 * May import: model.
 */
import type { BlueprintDefinition } from '../arbitraries/component';

type Expression = BlueprintDefinition['expressions'][number];

/** Template keys of an expression whose value depends on `input` (directly or through earlier expressions). */
function dependentKeys(blueprint: BlueprintDefinition, expression: Expression, input: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  for (const i of expression.inputs) {
    if (i.type === 'DATAPOINT' && i.input_key === input) keys.add(i.template_key);
    const key = i.input_key;
    if (i.type !== 'EXPRESSION_RESULT' || key === undefined || seen.has(key)) continue;
    const earlier = blueprint.expressions.find((e) => e.key === key);
    if (earlier !== undefined && dependentKeys(blueprint, earlier, input, new Set([...seen, key])).size > 0) keys.add(i.template_key);
  }
  return keys;
}

/** The text of the parenthesised group opening at `open` (without the parentheses). */
function group(template: string, open: number): string {
  let depth = 0;
  for (let i = open; i < template.length; i++) {
    if (template[i] === '(') depth++;
    if (template[i] === ')' && --depth === 0) return template.slice(open + 1, i);
  }
  return template.slice(open + 1);
}

/** What bends in one template with the given dependent keys, or null. */
function bendIn(template: string, keys: ReadonlySet<string>): string | null {
  const mentions = (text: string) => [...keys].find((k) => text.includes(`{${k}}`));
  for (const m of template.matchAll(/\b(min|max|abs|exp|log10|log|ln|sqrt|pow)\s*\(/g)) {
    const key = mentions(group(template, (m.index as number) + m[0].length - 1));
    if (key === undefined) continue;
    const what = m[1] === 'min' || m[1] === 'max' || m[1] === 'abs' ? `a kink: ${m[1]}(...)` : `${m[1]}(...)`;
    return `${what} of {${key}}`;
  }
  for (const m of template.matchAll(/\/\s*(\(|\{(\w+)\})/g)) {
    const after = (m.index as number) + m[0].length - 1;
    const key = m[2] !== undefined ? (keys.has(m[2]) ? m[2] : undefined) : mentions(group(template, after));
    if (key !== undefined) return `a denominator: {${key}} divides`;
  }
  for (const m of template.matchAll(/\^/g)) {
    const key = mentions(template.slice(Math.max(0, (m.index as number) - 40), (m.index as number) + 40));
    if (key !== undefined) return `a power of {${key}}`;
  }
  return null;
}

/**
 * Where `input` enters `blueprint` nonlinearly: "expression 'co2e' (a denominator: {r} divides)",
 * or null when no kink, denominator or exponential of it is written (a product of uncertain
 * inputs then bends the net).
 */
export function nonlinearityOf(blueprint: BlueprintDefinition, input: string): string | null {
  for (const expression of blueprint.expressions) {
    const keys = dependentKeys(blueprint, expression, input);
    if (keys.size === 0) continue;
    const bend = bendIn(expression.template, keys);
    if (bend !== null) return `expression '${expression.key}' (${bend})`;
  }
  return null;
}
