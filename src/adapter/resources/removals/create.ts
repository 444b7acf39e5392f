/**
 * POST of a GHG entry: from a template (its components instantiated with the request's inputs),
 * or from the deprecated process steps; the entry is evaluated once, then stored.
 */
import { found } from '../found';
import * as z from 'zod';
import { createRemovalRequestSchema } from './schemas';
import { indexes, type RequestContext } from '../../context';
import { Problems, unprocessable } from '../../http/failures';
import { ok } from '../../router';
import type { ComponentRow, ProjectRow, RemovalRow, TemplateRow } from '../../rows';
import { removalView } from './view';
import { bodyProject, checkReferenceFree, startOfDay } from '../common';
import { datapointField } from '../component-shapes';
import {
  planLinkedComponent,
  componentProblems,
  evaluateOrRefuse,
  storeAttributions,
  type ComponentInputs,
  type DeferredCheck,
  type GivenInput,
  type PlannedAttribution,
} from './attributions';

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

/** POST of a GHG entry: the request checked, its components instantiated, the entry evaluated once and stored; or a 422/409 that changes nothing stored. */
export const createRemoval = (context: RequestContext, body: CreateRemovalBody) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  if (body.completed_on < body.started_on)
    problems.add(['body', 'completed_on'], 'completed_on must not be before started_on', body.completed_on);
  if (body.feedstock_type_id !== undefined && body.feedstock_type_id !== null) {
    found(state.feedstockTypes.get(body.feedstock_type_id), {
      reference: context,
      problems,
      loc: ['body', 'feedstock_type_id'],
      item: ['feedstock type', body.feedstock_type_id],
    });
  }
  const { template, processTemplate } = requestedTemplates(context, problems, body, project);
  const deferred: DeferredCheck[] = [];
  const newComponents =
    template !== undefined && project !== undefined ? instantiateTemplate(context, problems, body, { project, template, deferred }) : [];
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
  return ok(removalView(insertRemoval(context, body, project, { template: template ?? processTemplate, newComponents, legacy, deferred })));
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
      problems.add(
        ['body', 'removal_template_id'],
        `removal template '${body.removal_template_id}' was not found in the project`,
        body.removal_template_id,
      );
    } else template = t;
  }
  let processTemplate: TemplateRow | undefined;
  if (body.process_key !== undefined && body.process_key !== null && project !== undefined) {
    processTemplate = templateOfProcess(context, project, body.process_key);
    if (processTemplate === undefined)
      problems.add(['body', 'process_key'], `process '${body.process_key}' is not a process of the project`, body.process_key);
    else if (template !== undefined && template.id !== processTemplate.id) {
      problems.add(
        ['body', 'process_key'],
        `process '${body.process_key}' is template ${processTemplate.id}, not the removal_template_id given`,
        body.process_key,
      );
    }
  }
  if (body.removal_template_components !== undefined && body.removal_template_components.length > 0 && body.removal_template_id == null) {
    problems.add(
      ['body', 'removal_template_components'],
      'removal_template_components needs removal_template_id',
      body.removal_template_components,
    );
  }
  return { template, processTemplate };
}

/** Components instantiated from the template, with the inputs of the request overriding its defaults. */
function instantiateTemplate(
  context: RequestContext,
  problems: Problems,
  body: CreateRemovalBody,
  on: { readonly project: ProjectRow; readonly template: TemplateRow; readonly deferred: DeferredCheck[] },
): NewComponent[] {
  const { project, template, deferred } = on;
  const overrides = templateOverrides(context, problems, body, template);
  const newComponents: NewComponent[] = [];
  for (const group of template.groups) {
    for (const slot of group.components) {
      const override = overrides.get(slot.id);
      const { inputs, given } = slotInputs(context, problems, slot, override);
      if (problems.empty) {
        const at =
          override === undefined
            ? { loc: ['body', 'removal_template_id'], input: template.id }
            : { loc: ['body', 'removal_template_components', override.index], input: null };
        deferred.push({ slotId: slot.id, ...at, component: { blueprint_key: slot.blueprint_key, inputs }, given });
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
function templateOverrides(
  context: RequestContext,
  problems: Problems,
  body: CreateRemovalBody,
  template: TemplateRow,
): Map<string, TemplateOverride> {
  const overrides = new Map<string, TemplateOverride>();
  const places = indexes(context).templates;
  (body.removal_template_components ?? []).forEach((entry, i) => {
    const loc = ['body', 'removal_template_components', i, 'removal_template_component_id'];
    if (places.component(entry.removal_template_component_id)?.template.id !== template.id) {
      problems.add(
        loc,
        `template component '${entry.removal_template_component_id}' is not part of template ${template.id}`,
        entry.removal_template_component_id,
      );
    } else if (overrides.has(entry.removal_template_component_id)) {
      problems.add(
        loc,
        `template component '${entry.removal_template_component_id}' is given more than once`,
        entry.removal_template_component_id,
      );
    } else overrides.set(entry.removal_template_component_id, { index: i, inputs: entry.inputs });
  });
  return overrides;
}

type TemplateSlot = TemplateRow['groups'][number]['components'][number];

/**
 * A template component's inputs: those the request gives (known inputs, owned datapoints), else its
 * defaults; with each, where the request gave it (null for a default).
 */
function slotInputs(
  context: RequestContext,
  problems: Problems,
  slot: TemplateSlot,
  override: TemplateOverride | undefined,
): { inputs: ComponentInputs; given: (GivenInput | null)[] } {
  const inputs: ComponentInputs = [];
  const given: (GivenInput | null)[] = [];
  const byKey = new Map((override?.inputs ?? []).map((input, k) => [input.input_key, { input, k }]));
  override?.inputs.forEach((input, k) => {
    if (!slot.inputs.some((s) => s.input_key === input.input_key)) {
      problems.add(
        ['body', 'removal_template_components', override.index, 'inputs', k, 'input_key'],
        `template component '${slot.id}' has no input '${input.input_key}'`,
        input.input_key,
      );
    }
  });
  for (const input of slot.inputs) {
    const supplied = byKey.get(input.input_key);
    if (supplied !== undefined && override !== undefined) {
      const loc = ['body', 'removal_template_components', override.index, 'inputs', supplied.k];
      supplied.input.datapoint_ids.forEach((d, n) => {
        found(context.state.datapoints.get(d), {
          reference: context,
          problems,
          loc: [...loc, ...datapointField(supplied.input, n)],
          item: ['datapoint', d],
        });
      });
      inputs.push({ input_key: input.input_key, datapoint_ids: [...supplied.input.datapoint_ids] });
      given.push({ loc, input: supplied.input });
    } else if (input.datapoint_id !== null) {
      inputs.push({ input_key: input.input_key, datapoint_ids: [input.datapoint_id] });
      given.push(null);
    } else {
      problems.add(
        ['body', 'removal_template_components'],
        `input '${input.input_key}' of template component '${slot.id}' (${slot.display_name}) has no default datapoint: supply it in removal_template_components`,
        null,
      );
    }
  }
  return { inputs, given };
}

/** Deprecated steps: existing components attributed in the groups (process steps) of the process. */
function legacySteps(
  context: RequestContext,
  problems: Problems,
  body: CreateRemovalBody,
  stepTemplate: TemplateRow | undefined,
): PlannedAttribution[] {
  const legacy: PlannedAttribution[] = [];
  if (body.steps === undefined || body.steps === null || body.steps.length === 0) return legacy;
  if (stepTemplate === undefined && problems.empty) {
    problems.add(['body', 'steps'], 'steps need the process_key (or removal_template_id) whose steps they follow', body.steps);
  }
  const seen = new Set<string>();
  body.steps.forEach((step, i) => {
    const group = stepTemplate?.groups.find((g) => g.key === step.process_step_key);
    if (stepTemplate !== undefined && group === undefined) {
      problems.add(
        ['body', 'steps', i, 'process_step_key'],
        `'${step.process_step_key}' is not a step of process '${stepTemplate.process_key}'`,
        step.process_step_key,
      );
    }
    step.components.forEach((link, k) => {
      const loc = ['body', 'steps', i, 'components', k];
      const duplicate = seen.has(link.component_id) ? `component '${link.component_id}' is attributed more than once` : null;
      seen.add(link.component_id);
      legacy.push(planLinkedComponent(context, problems, loc, link, { entryId: null, duplicate, groupKey: () => step.process_step_key }));
    });
  });
  return legacy;
}

/** Once the request is accepted: the new components, the entry evaluated, its attributions. */
function insertRemoval(
  context: RequestContext,
  body: CreateRemovalBody,
  project: ProjectRow,
  plan: {
    readonly template: TemplateRow | undefined;
    readonly newComponents: readonly NewComponent[];
    readonly legacy: readonly PlannedAttribution[];
    readonly deferred: readonly DeferredCheck[];
  },
): RemovalRow {
  const { template, newComponents, legacy, deferred } = plan;
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
  const result = evaluateOrRefuse(context, { entryId: id, project, entry: { loc: ['body'], input: null } }, planned, deferred);
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
  storeAttributions(context, id, planned, result);
  return row;
}
