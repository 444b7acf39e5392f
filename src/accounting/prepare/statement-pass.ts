/**
 * The working state the steps of the statement and project preparation share: what has been
 * prepared so far, which scope claims each component, the frozen shares; and the two checks every
 * step makes on a component it attributes. Imports the model's types and statement-parts.
 */
import type { IssuePath, RemovalGraph } from '../../model';
import type { PreparedAmortisation, PreparedStatement, ScopedAttribution, StatementContext } from './statement-parts';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (validated by the schema). */
export function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Number of days of an inclusive period. */
export function inclusiveDays(start: string, end: string): number {
  return epochDay(end) - epochDay(start) + 1;
}

/** Bookkeeping shared by the steps of `prepareStatements`. */
export interface StatementPass {
  readonly context: StatementContext;
  /** Statement index of each entry, -1 when in none. */
  readonly entryStatement: Int32Array;
  readonly statements: PreparedStatement[];
  readonly attributions: ScopedAttribution[];
  readonly amortisations: PreparedAmortisation[];
  /**
   * Which scope uses each component first, so that one component serves one scope only. Entries
   * are kept by index (a label is only written for a conflict).
   */
  readonly scopeOf: Map<string, number | string>;
  /** Number of amortised shares handed out so far. */
  shareSlotCount: number;
}

/** A share frozen on a statement, with where it is declared. */
export interface FrozenShare {
  readonly share: number;
  readonly path: IssuePath;
}

/** Frozen shares keyed by `statement document index \0 component id`, and which of them were used. */
export interface FrozenShares {
  readonly byKey: Map<string, FrozenShare>;
  readonly used: Set<string>;
  /**
   * Project components left unchecked because the component itself is invalid (reported where it
   * is defined), by project and component: their frozen shares are not reported as unknown.
   */
  readonly unchecked: Set<string>;
}

export type DocumentStatement = NonNullable<RemovalGraph['ghg_statements']>[number];
export type DocumentProject = NonNullable<RemovalGraph['projects']>[number];
export type DocumentProjectComponent = DocumentProject['components'][number];

/**
 * Records that `owner` uses a component; reports and returns false when another scope already
 * does.
 */
export function claim(pass: StatementPass, componentId: string, owner: string, path: IssuePath): boolean {
  const previous = pass.scopeOf.get(componentId);
  if (previous !== undefined && previous !== owner) {
    const entries = pass.context.graph.ghg_entries;
    const label = typeof previous === 'number' ? `GHG entry '${(entries[previous] as { id: string }).id}'` : previous;
    pass.context.problem(
      path,
      'component_scope_conflict',
      `component '${componentId}' is attributed by ${label} and by ${owner}; a component belongs to one GHG entry set, one GHG statement or one project`,
    );
    return false;
  }
  pass.scopeOf.set(componentId, owner);
  return true;
}

/** The prepared index of a component, or undefined when it is unknown (reported) or invalid. */
export function preparedComponent(context: StatementContext, componentId: string, path: IssuePath): number | undefined {
  const c = context.componentIndex.get(componentId);
  if (c < 0) {
    context.problem(
      path,
      'unknown_component',
      `component '${componentId}' is not defined in the document${context.hints.hint(componentId, context.componentIndex.names())}`,
    );
    return undefined;
  }
  const prepared = context.componentOfDocument[c] as number;
  return prepared < 0 ? undefined : prepared; // an invalid component was reported where it is defined
}
