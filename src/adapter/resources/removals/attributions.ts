/**
 * A GHG entry's attributions as a plan: the shares checked across entries (../attribution-shares.ts),
 * the entry evaluated with the plan (or the request refused with the evaluation's problems), the
 * rows stored with the factors the evaluation used. Shared by the create and update routes of removals.
 */
import { found } from '../found';
import { checkDatapointShare, checkShare } from '../attribution-shares';
import { indexes, type RequestContext } from '../../context';
import { evaluateEntry, checkComponent, storeResults, type AttributionInput } from '../../evaluation/evaluation';
import { Problems, unprocessable, valueError } from '../../http/failures';
import type { ValidationErrorItem } from '../../../model/validation-error';
import type { GraphIssue } from '../../../model';
import { datapointField } from '../component-shapes';
import type { AttributionRow, ComponentRow, ProjectRow } from '../../rows';

/** An attribution being planned: what the row will hold, before ids and factors are final. */
export interface PlannedAttribution extends AttributionInput {
  readonly id: string | null;
  readonly component_group_key: string;
  readonly removal_template_component_id: string | null;
  /** Where the request gave it (`["body", "steps", i, "components", k]`, ...); absent for one it keeps. */
  readonly loc?: readonly (string | number)[];
}

/** Where a refusal of the entry as a whole is located: the body creating it, or the path naming it. */
export interface EntryPlace {
  readonly loc: readonly (string | number)[];
  readonly input: unknown;
}

/**
 * Evaluates the entry with `planned` attributions (with its statement, once, when they share
 * components: the other entries' new figures are stored), or refuses the request: with the problems of the
 * first template component that fails its own checks when there is one (`deferred`), else with
 * the evaluation's, at `entry` (docs/service.md#credits-the-registry-can-count).
 */
export function evaluateOrRefuse(
  context: RequestContext,
  on: { readonly entryId: string; readonly project: ProjectRow; readonly entry: EntryPlace },
  planned: readonly PlannedAttribution[],
  deferred: readonly DeferredCheck[] = [],
) {
  const outcome = evaluateEntry(context.state, on.entryId, on.project.risk_of_reversal_percentage, planned);
  if (outcome.ok) {
    // The entries evaluated with it (its statement's) have new figures too; its own the caller stores.
    storeResults(context.state, outcome.others, [outcome.entry]);
    return outcome.result;
  }
  const first = componentProblems(context, deferred);
  if (first.length > 0) throw unprocessable(first);
  throw unprocessable(outcome.issues.map((issue) => evaluationItem(issue, outcome.entryIndex, planned, on.entry)));
}

/**
 * The 422 item of an evaluation problem: at the field of the attribution the request gave when the
 * problem is one of the entry's attributions (a factor datapoint out of range: at its
 * `attribution_factor_datapoint_id`, with that id), else at the entry.
 */
function evaluationItem(
  issue: GraphIssue,
  entryIndex: number,
  planned: readonly PlannedAttribution[],
  entry: EntryPlace,
): ValidationErrorItem {
  const [collection, e, field, k, ...rest] = issue.path;
  const attribution =
    collection === 'ghg_entries' && e === entryIndex && field === 'component_attributions' && typeof k === 'number'
      ? planned[k]
      : undefined;
  if (attribution?.loc === undefined) return valueError(entry.loc, issue.message, entry.input);
  const [name] = rest;
  if (name === 'attribution_factor_datapoint_id' || name === 'attribution_factor' || name === 'component_id')
    return valueError([...attribution.loc, name], issue.message, attribution[name]);
  return valueError(attribution.loc, issue.message, null);
}

/** A component's inputs as stored: each input key with its datapoints. */
export type ComponentInputs = { input_key: string; datapoint_ids: string[] }[];

/**
 * A template component's check against its blueprint and datapoints, left to the entry's own
 * evaluation: the evaluation prepares the entry's graph, these components included, so a request
 * that evaluates needs no other preparation. Only a request refused anyway runs the checks one by
 * one, to name the template component at fault as it always did.
 */
export interface DeferredCheck {
  readonly slotId: string;
  /** Where the template component is in the request, and the value there. */
  readonly loc: readonly (string | number)[];
  readonly input: unknown;
  readonly component: { readonly blueprint_key: string; readonly inputs: ComponentInputs };
  /** For each input of `component`, where the request gave it; null for a default of the template. */
  readonly given: readonly (GivenInput | null)[];
}

/** An input of a template component as the request gave it: its loc and the parsed input. */
export interface GivenInput {
  readonly loc: readonly (string | number)[];
  readonly input: { readonly datapoint_ids: readonly string[] };
}

/** The 422 items of the first deferred template component that fails its checks (none when all pass). */
export function componentProblems(context: RequestContext, deferred: readonly DeferredCheck[]): ValidationErrorItem[] {
  for (const check of deferred) {
    const issues = checkComponent(context.state, check.component, 'the component');
    if (issues.length > 0) return issues.map((issue) => checkItem(check, issue));
  }
  return [];
}

/**
 * A template component's problem at the field of the request it is about: a datapoint the request
 * gave at its `datapoint_id` (or `datapoint_ids[n]`), with its id; else at the template component.
 */
function checkItem(check: DeferredCheck, issue: GraphIssue): ValidationErrorItem {
  const message = `template component '${check.slotId}': ${issue.message}`;
  const [collection, i, field, n] = issue.path;
  const given = collection === 'inputs' && typeof i === 'number' ? check.given[i] : undefined;
  if (given === undefined || given === null) return valueError(check.loc, message, check.input);
  if (field === 'datapoint_ids' && typeof n === 'number')
    return valueError([...given.loc, ...datapointField(given.input, n)], message, given.input.datapoint_ids[n] ?? null);
  return valueError(given.loc, message, null);
}

/** An existing component an entry links to (PATCH `add_components`, the deprecated `steps`). */
export interface ComponentLink {
  readonly component_id: string;
  readonly attribution_factor_datapoint_id?: string | null | undefined;
}

/**
 * Checks a link to an existing component and plans its attribution at factor 1 (or by its factor
 * datapoint): the component and the datapoint must be the caller's, the component must not be linked
 * twice (`duplicate`: the problem to report when it is), and the share it takes (the whole
 * component, or the datapoint's value) must be free. `groupKey` names the group once the component
 * is known.
 */
export function planLinkedComponent(
  context: RequestContext,
  problems: Problems,
  loc: readonly (string | number)[],
  link: ComponentLink,
  plan: {
    readonly entryId: string | null;
    readonly duplicate: string | null;
    readonly groupKey: (component: ComponentRow | undefined) => string;
  },
): PlannedAttribution {
  const { entryId, duplicate, groupKey } = plan;
  const { state } = context;
  const component = found(state.components.get(link.component_id), {
    reference: context,
    problems,
    loc: [...loc, 'component_id'],
    item: ['component', link.component_id],
  });
  if (duplicate !== null) problems.add([...loc, 'component_id'], duplicate, link.component_id);
  const factorId = link.attribution_factor_datapoint_id ?? null;
  if (factorId !== null) {
    const factorLoc = [...loc, 'attribution_factor_datapoint_id'];
    const datapoint = found(state.datapoints.get(factorId), {
      reference: context,
      problems,
      loc: factorLoc,
      item: ['datapoint', factorId],
    });
    // The datapoint's value is the share taken (docs/service.md#attribution-shares).
    if (component !== undefined && datapoint !== undefined)
      checkDatapointShare(context, problems, { loc: factorLoc, componentId: link.component_id, datapointId: factorId, entryId });
  } else if (component !== undefined)
    checkShare(context, problems, { loc: [...loc, 'component_id'], componentId: link.component_id, factor: 1, entryId });
  return {
    id: null,
    component_id: link.component_id,
    component_group_key: groupKey(component),
    removal_template_component_id: component?.removal_template_component_id ?? null,
    attribution_factor: 1,
    attribution_factor_datapoint_id: factorId,
    loc,
  };
}

/** Stores the attributions of an entry (replacing the old ones) with the factors the evaluation used. */
export function storeAttributions(
  context: RequestContext,
  entryId: string,
  planned: readonly PlannedAttribution[],
  evaluated: { readonly parts: readonly { readonly attribution_factor: number }[] },
): void {
  const { state } = context;
  const factors = evaluated.parts.map((p) => p.attribution_factor);
  const keep = new Set(planned.flatMap((p) => (p.id === null ? [] : [p.id])));
  for (const old of indexes(context).attributionsByRemoval.rows(entryId)) if (!keep.has(old.id)) state.attributions.delete(old.id);
  planned.forEach((p, i) => {
    const row: AttributionRow = {
      id: p.id ?? state.ids('component_attribution'),
      removal_id: entryId,
      component_id: p.component_id,
      component_group_key: p.component_group_key,
      removal_template_component_id: p.removal_template_component_id,
      attribution_factor: factors[i] ?? p.attribution_factor,
      attribution_factor_datapoint_id: p.attribution_factor_datapoint_id,
    };
    if (p.id !== null && state.attributions.has(p.id)) state.attributions.update(row);
    else state.attributions.insert(row);
  });
}

/** The current attributions of an entry as a plan to edit. */
function currentPlan(context: RequestContext, entryId: string): PlannedAttribution[] {
  return indexes(context)
    .attributionsByRemoval.rows(entryId)
    .map((a) => ({
      id: a.id,
      component_id: a.component_id,
      component_group_key: a.component_group_key,
      removal_template_component_id: a.removal_template_component_id,
      attribution_factor: a.attribution_factor,
      attribution_factor_datapoint_id: a.attribution_factor_datapoint_id,
    }));
}

/**
 * The current attributions of an entry less the components the body field `field` removes; a
 * component the entry does not have is a 422 item at its place in that field.
 */
export function currentPlanWithout(
  context: RequestContext,
  problems: Problems,
  entryId: string,
  field: string,
  remove: readonly string[] | null | undefined,
): PlannedAttribution[] {
  const planned = currentPlan(context, entryId);
  (remove ?? []).forEach((componentId, i) => {
    if (!planned.some((p) => p.component_id === componentId))
      problems.add(['body', field, i], `component '${componentId}' is not attributed to GHG entry ${entryId}`, componentId);
  });
  const removing = new Set(remove ?? []);
  return planned.filter((p) => !removing.has(p.component_id));
}
