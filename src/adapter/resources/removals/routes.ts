/**
 * GHG entries (removals): create (from a template, or the deprecated process steps), read, update,
 * attribute components, list attributions. Every change re-evaluates the entry: its figures are
 * the accounting module's results for the entry's current attributions.
 */
import { z } from 'zod';
import { DEFAULT_ACCOUNTING_POLICIES } from '../../../accounting';
import type { GraphIssue } from '../../../model';
import { listRemovalsQuerySchema, removalIdPathSchema } from './schemas';
import { paginationQuerySchema } from '../../../model/queries';
import { componentAttributionSchema, removalSchema } from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import {
  createRemovalRequestSchema,
  patchRemovalComponentAttributionsRequestSchema,
  patchRemovalRequestSchema,
} from './schemas';
import { indexes, ownedOr404, visibleOrMissing, type RequestContext } from '../../context';
import { evaluateEntry, checkComponent, type AttributionInput } from '../../evaluation';
import { conflict, Problems, unprocessable, valueError } from '../../failures';
import type { ValidationErrorItem } from '../../../model/validation-error';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import { type AttributionRow, type ComponentRow, type ProjectRow, type RemovalRow, type TemplateRow } from '../../rows';
import { attributionView, removalView } from './view';
import { matching, visibleRows } from '../../visible-lists';
import { bothSpellings, changeableRemoval, checkReferenceFree, ownedRef, pageOf, startOfDay, stored } from '../common';

/**
 * Slack when adding attribution shares: the accounting's own (the service evaluates under the
 * default policies), so that the service and the evaluation accept the same totals.
 */
const SHARE_TOLERANCE = DEFAULT_ACCOUNTING_POLICIES.attributionTolerance;

/** An attribution being planned: what the row will hold, before ids and factors are final. */
interface PlannedAttribution extends AttributionInput {
  readonly id: string | null;
  readonly component_group_key: string;
  readonly removal_template_component_id: string | null;
}

/**
 * Checks that attributing `factor` of a component keeps its total share across entries at most 1.
 * The accounting checks the same sum within one graph; an entry's graph holds that entry alone, so
 * the shares stored for the component's other entries are added here.
 */
function checkShare(context: RequestContext, problems: Problems, loc: readonly (string | number)[], componentId: string, factor: number, entryId: string | null): void {
  let taken = 0;
  for (const a of indexes(context).attributionsByComponent.rows(componentId)) {
    if (a.removal_id !== entryId && a.attribution_factor_datapoint_id === null) taken += a.attribution_factor;
  }
  if (taken + factor > 1 + SHARE_TOLERANCE) {
    const left = Math.max(0, 1 - taken);
    problems.add(loc, `component '${componentId}' is already attributed ${taken} to other GHG entries; at most ${left} of it remains`, factor);
  }
}

/** 422 items for the problems of an evaluation, located at `loc`. */
function evaluationProblems(issues: readonly GraphIssue[], loc: readonly (string | number)[]): Problems {
  const problems = new Problems();
  for (const issue of issues) problems.add(loc, issue.message, null);
  return problems;
}

/**
 * Evaluates the entry with `planned` attributions, or refuses the request: with the problems of the
 * first template component that fails its own checks when there is one (`deferred`), else with
 * the evaluation's.
 */
function evaluateOrRefuse(context: RequestContext, entryId: string, project: ProjectRow, planned: readonly PlannedAttribution[], deferred: readonly DeferredCheck[] = []) {
  const outcome = evaluateEntry(context.state, entryId, project.risk_of_reversal_percentage, planned);
  if (outcome.ok) return outcome.result;
  const first = componentProblems(context, deferred);
  throw unprocessable(first.length > 0 ? first : evaluationProblems(outcome.issues, ['body']).items);
}

/**
 * A template component's check against its blueprint and datapoints, left to the entry's own
 * evaluation: the evaluation prepares the entry's graph, these components included, so a request
 * that evaluates needs no other preparation. Only a request refused anyway runs the checks one by
 * one, to name the template component at fault as it always did.
 */
interface DeferredCheck {
  readonly slotId: string;
  readonly loc: readonly (string | number)[];
  readonly component: { readonly blueprint_key: string; readonly inputs: ComponentInputs };
}

/** The 422 items of the first deferred template component that fails its checks (none when all pass). */
function componentProblems(context: RequestContext, deferred: readonly DeferredCheck[]): ValidationErrorItem[] {
  for (const check of deferred) {
    const issues = checkComponent(context.state, check.component, 'the component');
    if (issues.length > 0) return issues.map((issue) => valueError(check.loc, `template component '${check.slotId}': ${issue.message}`, null));
  }
  return [];
}

/** Stores the attributions of an entry (replacing the old ones) with the factors the evaluation used. */
function storeAttributions(context: RequestContext, entryId: string, planned: readonly PlannedAttribution[], factors: readonly number[]): void {
  const { state } = context;
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
  return indexes(context).attributionsByRemoval.rows(entryId).map((a) => ({
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
function currentPlanWithout(context: RequestContext, problems: Problems, entryId: string, field: string, remove: readonly string[] | null | undefined): PlannedAttribution[] {
  const planned = currentPlan(context, entryId);
  (remove ?? []).forEach((componentId, i) => {
    if (!planned.some((p) => p.component_id === componentId)) problems.add(['body', field, i], `component '${componentId}' is not attributed to GHG entry ${entryId}`, componentId);
  });
  const removing = new Set(remove ?? []);
  return planned.filter((p) => !removing.has(p.component_id));
}

/** The template a deprecated process key names within a project. */
function templateOfProcess(context: RequestContext, project: ProjectRow, processKey: string): TemplateRow | undefined {
  return context.state.templates.rows().find((t) => t.project_id === project.id && t.process_key === processKey);
}

type CreateRemovalBody = z.output<typeof createRemovalRequestSchema>;

/** A component to instantiate from the template, and the template group it goes in. */
interface NewComponent {
  readonly row: Omit<ComponentRow, 'id'>;
  readonly groupKey: string;
}

/** Inputs a request gives one template component, with the index of its entry in the request. */
interface TemplateOverride {
  readonly index: number;
  readonly inputs: readonly { input_key: string; datapoint_ids: string[] }[];
}

type ComponentInputs = { input_key: string; datapoint_ids: string[] }[];

const createRemoval = (context: RequestContext, body: CreateRemovalBody) => {
  const { state } = context;
  const problems = new Problems();
  const project = ownedRef(context, problems, state.projects, 'project', ['body', 'project_id'], body.project_id);
  if (body.completed_on < body.started_on) problems.add(['body', 'completed_on'], 'completed_on must not be before started_on', body.completed_on);
  if (body.feedstock_type_id !== undefined && body.feedstock_type_id !== null) {
    ownedRef(context, problems, state.feedstockTypes, 'feedstock type', ['body', 'feedstock_type_id'], body.feedstock_type_id);
  }
  const { template, processTemplate } = requestedTemplates(context, problems, body, project);
  const deferred: DeferredCheck[] = [];
  const newComponents = template !== undefined && project !== undefined ? instantiateTemplate(context, problems, body, project, template, deferred) : [];
  const legacy = legacySteps(context, problems, body, processTemplate ?? template);
  // A request refused anyway names a failing template component first (checked before the rest).
  if (!problems.empty) throw unprocessable([...componentProblems(context, deferred), ...problems.items]);
  if (project === undefined) throw unprocessable(problems.items);
  try {
    checkReferenceFree(context, body.supplier_reference_id);
  } catch (error) {
    const first = componentProblems(context, deferred);
    throw first.length > 0 ? unprocessable(first) : error;
  }
  return ok(removalView(insertRemoval(context, body, project, template ?? processTemplate, newComponents, legacy, deferred)));
};

/** The template: named directly, or through the deprecated process key (both must agree). */
function requestedTemplates(
  context: RequestContext,
  problems: Problems,
  body: CreateRemovalBody,
  project: ProjectRow | undefined,
): { template: TemplateRow | undefined; processTemplate: TemplateRow | undefined } {
  let template: TemplateRow | undefined;
  if (body.removal_template_id !== undefined && body.removal_template_id !== null) {
    const t = context.state.templates.get(body.removal_template_id);
    if (t === undefined || t.owner !== context.viewer.id || (project !== undefined && t.project_id !== project.id)) {
      problems.add(['body', 'removal_template_id'], `removal template '${body.removal_template_id}' was not found in the project`, body.removal_template_id);
    } else template = t;
  }
  let processTemplate: TemplateRow | undefined;
  if (body.process_key !== undefined && body.process_key !== null && project !== undefined) {
    processTemplate = templateOfProcess(context, project, body.process_key);
    if (processTemplate === undefined) problems.add(['body', 'process_key'], `process '${body.process_key}' is not a process of the project`, body.process_key);
    else if (template !== undefined && template.id !== processTemplate.id) {
      problems.add(['body', 'process_key'], `process '${body.process_key}' is template ${processTemplate.id}, not the removal_template_id given`, body.process_key);
    }
  }
  if (body.removal_template_components !== undefined && body.removal_template_components.length > 0 && body.removal_template_id == null) {
    problems.add(['body', 'removal_template_components'], 'removal_template_components needs removal_template_id', body.removal_template_components);
  }
  return { template, processTemplate };
}

/** Components instantiated from the template, with the inputs of the request overriding its defaults. */
function instantiateTemplate(context: RequestContext, problems: Problems, body: CreateRemovalBody, project: ProjectRow, template: TemplateRow, deferred: DeferredCheck[]): NewComponent[] {
  const overrides = templateOverrides(context, problems, body, template);
  const newComponents: NewComponent[] = [];
  for (const group of template.groups) {
    for (const slot of group.components) {
      const override = overrides.get(slot.id);
      const inputs = slotInputs(context, problems, slot, override);
      if (problems.empty) {
        const loc = override === undefined ? ['body', 'removal_template_id'] : ['body', 'removal_template_components', override.index];
        deferred.push({ slotId: slot.id, loc, component: { blueprint_key: slot.blueprint_key, inputs } });
      }
      newComponents.push({
        groupKey: group.key,
        row: {
          owner: context.viewer.id,
          project_id: project.id,
          blueprint_key: slot.blueprint_key,
          display_name: slot.display_name,
          description: slot.description,
          activity_started_at: startOfDay(body.started_on),
          activity_completed_at: startOfDay(body.completed_on),
          inputs,
          removal_template_component_id: slot.id,
          scope: 'REMOVAL',
          ghg_statement_id: null,
          allocation_strategy: null,
          supplier_reference_id: null,
        },
      });
    }
  }
  return newComponents;
}

/** The request's inputs by template component: each a component of the template, given once. */
function templateOverrides(context: RequestContext, problems: Problems, body: CreateRemovalBody, template: TemplateRow): Map<string, TemplateOverride> {
  const overrides = new Map<string, TemplateOverride>();
  const places = indexes(context).templates;
  (body.removal_template_components ?? []).forEach((entry, i) => {
    const loc = ['body', 'removal_template_components', i, 'removal_template_component_id'];
    if (places.component(entry.removal_template_component_id)?.template.id !== template.id) {
      problems.add(loc, `template component '${entry.removal_template_component_id}' is not part of template ${template.id}`, entry.removal_template_component_id);
    } else if (overrides.has(entry.removal_template_component_id)) {
      problems.add(loc, `template component '${entry.removal_template_component_id}' is given more than once`, entry.removal_template_component_id);
    } else overrides.set(entry.removal_template_component_id, { index: i, inputs: entry.inputs });
  });
  return overrides;
}

type TemplateSlot = TemplateRow['groups'][number]['components'][number];

/** A template component's inputs: those the request gives (known inputs, owned datapoints), else its defaults. */
function slotInputs(context: RequestContext, problems: Problems, slot: TemplateSlot, override: TemplateOverride | undefined): ComponentInputs {
  const inputs: ComponentInputs = [];
  const given = new Map((override?.inputs ?? []).map((input, k) => [input.input_key, { input, k }]));
  override?.inputs.forEach((input, k) => {
    if (!slot.inputs.some((s) => s.input_key === input.input_key)) {
      problems.add(['body', 'removal_template_components', override.index, 'inputs', k, 'input_key'], `template component '${slot.id}' has no input '${input.input_key}'`, input.input_key);
    }
  });
  for (const input of slot.inputs) {
    const supplied = given.get(input.input_key);
    if (supplied !== undefined && override !== undefined) {
      supplied.input.datapoint_ids.forEach((d, n) => {
        ownedRef(context, problems, context.state.datapoints, 'datapoint', ['body', 'removal_template_components', override.index, 'inputs', supplied.k, 'datapoint_ids', n], d);
      });
      inputs.push({ input_key: input.input_key, datapoint_ids: [...supplied.input.datapoint_ids] });
    } else if (input.datapoint_id !== null) {
      inputs.push({ input_key: input.input_key, datapoint_ids: [input.datapoint_id] });
    } else {
      problems.add(['body', 'removal_template_components'], `input '${input.input_key}' of template component '${slot.id}' (${slot.display_name}) has no default datapoint: supply it in removal_template_components`, null);
    }
  }
  return inputs;
}

/** Deprecated steps: existing components attributed in the groups (process steps) of the process. */
function legacySteps(context: RequestContext, problems: Problems, body: CreateRemovalBody, stepTemplate: TemplateRow | undefined): PlannedAttribution[] {
  const legacy: PlannedAttribution[] = [];
  if (body.steps === undefined || body.steps === null || body.steps.length === 0) return legacy;
  if (stepTemplate === undefined && problems.empty) {
    problems.add(['body', 'steps'], 'steps need the process_key (or removal_template_id) whose steps they follow', body.steps);
  }
  const seen = new Set<string>();
  body.steps.forEach((step, i) => {
    const group = stepTemplate?.groups.find((g) => g.key === step.process_step_key);
    if (stepTemplate !== undefined && group === undefined) {
      problems.add(['body', 'steps', i, 'process_step_key'], `'${step.process_step_key}' is not a step of process '${stepTemplate.process_key}'`, step.process_step_key);
    }
    step.components.forEach((link, k) => {
      const loc = ['body', 'steps', i, 'components', k];
      const component = ownedRef(context, problems, context.state.components, 'component', [...loc, 'component_id'], link.component_id);
      if (seen.has(link.component_id)) problems.add([...loc, 'component_id'], `component '${link.component_id}' is attributed more than once`, link.component_id);
      seen.add(link.component_id);
      const factorId = link.attribution_factor_datapoint_id ?? null;
      if (factorId !== null) ownedRef(context, problems, context.state.datapoints, 'datapoint', [...loc, 'attribution_factor_datapoint_id'], factorId);
      else if (component !== undefined) checkShare(context, problems, [...loc, 'component_id'], link.component_id, 1, null);
      legacy.push({
        id: null,
        component_id: link.component_id,
        component_group_key: step.process_step_key,
        removal_template_component_id: component?.removal_template_component_id ?? null,
        attribution_factor: 1,
        attribution_factor_datapoint_id: factorId,
      });
    });
  });
  return legacy;
}

/** Once the request is accepted: the new components, the entry evaluated, its attributions. */
function insertRemoval(
  context: RequestContext,
  body: CreateRemovalBody,
  project: ProjectRow,
  template: TemplateRow | undefined,
  newComponents: readonly NewComponent[],
  legacy: readonly PlannedAttribution[],
  deferred: readonly DeferredCheck[],
): RemovalRow {
  const { state } = context;
  const id = state.ids('ghg_entry');
  const planned: PlannedAttribution[] = [];
  for (const c of newComponents) {
    const componentId = state.ids('component');
    state.components.insert({ id: componentId, ...c.row });
    planned.push({
      id: null,
      component_id: componentId,
      component_group_key: c.groupKey,
      removal_template_component_id: c.row.removal_template_component_id,
      attribution_factor: 1,
      attribution_factor_datapoint_id: null,
    });
  }
  planned.push(...legacy);
  const result = evaluateOrRefuse(context, id, project, planned, deferred);
  const row: RemovalRow = {
    id,
    owner: context.viewer.id,
    project_id: project.id,
    supplier_reference_id: body.supplier_reference_id,
    started_on: body.started_on,
    completed_on: body.completed_on,
    feedstock_type_id: body.feedstock_type_id ?? null,
    ghg_statement_id: null,
    removal_template_id: template?.id ?? null,
    result,
  };
  state.removals.insert(row);
  storeAttributions(context, id, planned, result.parts.map((p) => p.attribution_factor));
  return row;
}

/** The group key of a component added by `add_components`: the template group given, the step, or the component's own group. */
function groupKeyOf(context: RequestContext, problems: Problems, removal: RemovalRow, loc: readonly (string | number)[], add: { removal_template_group_id?: string | null | undefined; process_step_key?: string | null | undefined }, component: ComponentRow | undefined): string {
  const places = indexes(context).templates;
  if (add.removal_template_group_id !== undefined && add.removal_template_group_id !== null) {
    const place = places.group(add.removal_template_group_id);
    if (place === undefined || place.template.project_id !== removal.project_id || place.template.owner !== context.viewer.id) {
      problems.add([...loc, 'removal_template_group_id'], `removal template group '${add.removal_template_group_id}' was not found in the project`, add.removal_template_group_id);
      return '';
    }
    return place.group.key;
  }
  if (add.process_step_key !== undefined && add.process_step_key !== null) return add.process_step_key;
  const slot = component?.removal_template_component_id;
  return (slot === null || slot === undefined ? undefined : places.component(slot)?.group.key) ?? 'default';
}

const patchRemoval = (context: RequestContext, id: string, body: z.output<typeof patchRemovalRequestSchema>) => {
  const { state } = context;
  const removal = changeableRemoval(context, id);
  const project = stored(state.projects.get(removal.project_id), removal.project_id);
  const problems = new Problems();
  const startedOn = body.started_on ?? removal.started_on;
  const completedOn = body.completed_on ?? removal.completed_on;
  if (completedOn < startedOn) {
    problems.add(['body', body.completed_on == null ? 'started_on' : 'completed_on'], `completed_on (${completedOn}) must not be before started_on (${startedOn})`, body.completed_on ?? body.started_on);
  }
  if (body.feedstock_type_id !== undefined) ownedRef(context, problems, state.feedstockTypes, 'feedstock type', ['body', 'feedstock_type_id'], body.feedstock_type_id);

  const planned = currentPlanWithout(context, problems, id, 'delete_component_ids', body.delete_component_ids);
  (body.add_components ?? []).forEach((add, i) => {
    const loc = ['body', 'add_components', i];
    const component = ownedRef(context, problems, state.components, 'component', [...loc, 'component_id'], add.component_id);
    if (planned.some((p) => p.component_id === add.component_id)) {
      problems.add([...loc, 'component_id'], `component '${add.component_id}' is already attributed to GHG entry ${id}`, add.component_id);
    }
    const factorId = add.attribution_factor_datapoint_id;
    if (factorId !== null) ownedRef(context, problems, state.datapoints, 'datapoint', [...loc, 'attribution_factor_datapoint_id'], factorId);
    else if (component !== undefined) checkShare(context, problems, [...loc, 'component_id'], add.component_id, 1, id);
    const groupKey = groupKeyOf(context, problems, removal, loc, add, component);
    planned.push({
      id: null,
      component_id: add.component_id,
      component_group_key: groupKey,
      removal_template_component_id: component?.removal_template_component_id ?? null,
      attribution_factor: 1,
      attribution_factor_datapoint_id: factorId,
    });
  });
  problems.check();
  const result = evaluateOrRefuse(context, id, project, planned);
  const row: RemovalRow = {
    ...removal,
    started_on: startedOn,
    completed_on: completedOn,
    feedstock_type_id: body.feedstock_type_id ?? removal.feedstock_type_id,
    result,
  };
  state.removals.update(row);
  storeAttributions(context, id, planned, result.parts.map((p) => p.attribution_factor));
  return ok(removalView(row));
};

const patchAttributions = (context: RequestContext, id: string, body: z.output<typeof patchRemovalComponentAttributionsRequestSchema>) => {
  const { state } = context;
  const removal = changeableRemoval(context, id);
  const project = stored(state.projects.get(removal.project_id), removal.project_id);
  const problems = new Problems();
  let planned = currentPlanWithout(context, problems, id, 'components_to_remove', body.components_to_remove);
  const adding = new Set<string>();
  (body.components_to_add ?? []).forEach((add, i) => {
    const loc = ['body', 'components_to_add', i];
    const component = ownedRef(context, problems, state.components, 'component', [...loc, 'component_id'], add.component_id);
    if (adding.has(add.component_id)) problems.add([...loc, 'component_id'], `component '${add.component_id}' is given more than once`, add.component_id);
    adding.add(add.component_id);
    if (component !== undefined) checkShare(context, problems, [...loc, 'attribution_factor'], add.component_id, add.attribution_factor, id);
    // Attributing a component the entry already has changes its share and group.
    const existing = planned.find((p) => p.component_id === add.component_id);
    const next: PlannedAttribution = {
      id: existing?.id ?? null,
      component_id: add.component_id,
      component_group_key: add.component_group_key,
      removal_template_component_id: component?.removal_template_component_id ?? null,
      attribution_factor: add.attribution_factor,
      attribution_factor_datapoint_id: null,
    };
    planned = existing === undefined ? [...planned, next] : planned.map((p) => (p === existing ? next : p));
  });
  problems.check();
  const result = evaluateOrRefuse(context, id, project, planned);
  const row: RemovalRow = { ...removal, result };
  state.removals.update(row);
  storeAttributions(context, id, planned, result.parts.map((p) => p.attribution_factor));
  return ok(removalView(row));
};

/**
 * Deletes a draft GHG entry: its attributions go with it, and the biochar applications naming it
 * are unlinked; its components stay. An entry in a GHG statement is in use (409).
 */
const deleteRemoval = (context: RequestContext, id: string) => {
  const { state } = context;
  const removal = ownedOr404(context, state.removals.get(id));
  if (removal.ghg_statement_id !== null) throw conflict(`GHG entry ${id} belongs to GHG statement ${removal.ghg_statement_id}; an entry in a statement cannot be deleted`);
  for (const a of indexes(context).attributionsByRemoval.rows(id)) state.attributions.delete(a.id);
  for (const application of indexes(context).applicationsByRemoval.rows(id)) state.biocharApplications.update({ ...application, removal_id: null });
  state.removals.delete(id);
  return NO_CONTENT;
};

/** The GHG entries the caller may see, optionally by supplier reference. */
const listRemovals = (context: RequestContext, query: z.output<typeof listRemovalsQuerySchema>) => {
  const all = visibleRows(context, context.state.removals);
  const reference = query.supplier_reference_id ?? null;
  const items = reference === null ? all : matching(context, context.state.removals, 'visible', { supplier_reference_id: reference }, () => true);
  return ok(pageOf(context, 'removals', items, query, removalView));
};

/** The routes of this module, under both spellings of the GHG entry paths. */
export function removalRoutes(): Route[] {
  const routes: Route[] = [];
  for (const entries of bothSpellings('/mrv/v0/{entries}')) {
    routes.push(
      route('POST', entries, { body: createRemovalRequestSchema, response: removalSchema, conflict: true, summary: 'Create a GHG entry (removal)' }, (context, { body }) => createRemoval(context, body)),
      route('GET', entries, { query: listRemovalsQuerySchema, response: paginatedListSchema(removalSchema), summary: 'List GHG entries' }, (context, { query }) => listRemovals(context, query)),
    );
  }
  for (const path of bothSpellings('/mrv/v0/{entries}/{id}')) {
    routes.push(
      route('GET', path, { path: removalIdPathSchema, response: removalSchema, summary: 'Read a GHG entry' }, (context, { path: p }) => ok(removalView(visibleOrMissing(context, context.state.removals.get(p.id))))),
      route('PATCH', path, { path: removalIdPathSchema, body: patchRemovalRequestSchema, response: removalSchema, conflict: true, summary: 'Update a GHG entry' }, (context, { path: p, body }) => patchRemoval(context, p.id, body)),
      route('DELETE', path, { path: removalIdPathSchema, response: null, conflict: true, summary: 'Delete a draft GHG entry' }, (context, { path: p }) => deleteRemoval(context, p.id)),
    );
  }
  for (const path of bothSpellings('/mrv/v0/{entries}/{id}/component_attributions')) {
    routes.push(
      route('GET', path, { path: removalIdPathSchema, query: paginationQuerySchema, response: paginatedListSchema(componentAttributionSchema), summary: 'List the component attributions of a GHG entry' }, (context, { path: p, query }) => {
        const removal = visibleOrMissing(context, context.state.removals.get(p.id));
        const items = indexes(context).attributionsByRemoval.sequenced(removal.id);
        return ok(pageOf(context, `attributions:${removal.id}`, items, query, attributionView));
      }),
      route('PATCH', path, { path: removalIdPathSchema, body: patchRemovalComponentAttributionsRequestSchema, response: removalSchema, conflict: true, summary: 'Attribute components to a GHG entry, or remove them' }, (context, { path: p, body }) =>
        patchAttributions(context, p.id, body)),
    );
  }
  return routes;
}
