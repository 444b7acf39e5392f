/**
 * What a supplier builds on: its organisation, its projects and their (deprecated) processes,
 * the component blueprints (every organisation's) and the projects' removal templates.
 */
import { found } from '../found';
import * as z from 'zod';
import { idSchema } from '../../../model';
import { paginationQuerySchema } from '../../../model/queries';
import { projectIdPathSchema } from './schemas';
import { componentBlueprintSchema } from '../component-shapes';
import { processSchema, projectSchema, removalTemplateSchema } from './schemas';
import { organisationSchema, paginatedListSchema } from '../../../model/shapes';
import { canSee, indexes, notVisible, type ReadContext, type RequestContext } from '../../context';
import { tableList } from '../../store/merged-list';
import { ok, route, type BodyOf, type Route } from '../../router';
import type { ProjectRow, TemplateRow } from '../../rows';
import type { Sequenced } from '../../store/store';
import { organisationView } from '../views';
import { blueprintView, projectView, templateView } from './view';
import { visibleRows } from '../visible-lists';
import { pageOf } from '../common';

/** A project the caller may see (its owner, or anyone a submitted statement exposes it to), or 404. */
function visibleProject(context: ReadContext, id: string): ProjectRow {
  return found(context.state.projects.get(id), { visible: context });
}

/**
 * The processes of the projects the caller may see: each process key once, described by the first
 * template carrying it (its groups are the process steps), in the order of those templates.
 */
function processes(context: RequestContext): Sequenced<BodyOf<typeof processSchema>>[] {
  const seen = new Set<string>();
  const out: Sequenced<BodyOf<typeof processSchema>>[] = [];
  const templates = visibleRows(context, context.state.templates);
  for (const { seq, row } of templates.slice(0, templates.size)) {
    const template: TemplateRow = row;
    if (seen.has(template.process_key)) continue;
    seen.add(template.process_key);
    out.push({
      seq,
      row: {
        key: template.process_key,
        display_name: template.display_name,
        steps: template.groups.map((g) => ({ key: g.key, display_name: g.display_name, description: g.description })),
      },
    });
  }
  return out;
}

/** The routes of this module. */
export function projectRoutes(): Route[] {
  return [
    route('GET', '/mrv/v0/organisation', { response: organisationSchema, summary: 'The organisation of the access token' }, (context) =>
      ok(organisationView(context.state, context.viewer.id)),
    ),
    route(
      'GET',
      '/mrv/v0/projects',
      { query: paginationQuerySchema, response: paginatedListSchema(projectSchema), summary: 'List projects' },
      (context, { query }) => ok(pageOf(context, 'projects', visibleRows(context, context.state.projects), query, projectView)),
    ),
    route(
      'GET',
      '/mrv/v0/processes',
      {
        query: paginationQuerySchema,
        response: paginatedListSchema(processSchema),
        summary: 'List the (deprecated) processes of the projects',
      },
      (context, { query }) => ok(pageOf(context, 'processes', processes(context), query, (p) => p)),
    ),
    route(
      'GET',
      '/mrv/v0/component_blueprints',
      { query: paginationQuerySchema, response: paginatedListSchema(componentBlueprintSchema), summary: 'List component blueprints' },
      (context, { query }) => ok(pageOf(context, 'component_blueprints', tableList(context.state.blueprints), query, blueprintView)),
    ),
    route(
      'GET',
      '/mrv/v0/component_blueprints/{key}',
      { path: z.object({ key: z.string() }), response: componentBlueprintSchema, summary: 'Read a component blueprint' },
      (context, { path }) => {
        const blueprint = context.state.blueprints.get(path.key);
        if (blueprint === undefined) throw notVisible(context);
        return ok(blueprintView(blueprint));
      },
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/removal_templates',
      {
        path: projectIdPathSchema,
        query: paginationQuerySchema,
        response: paginatedListSchema(removalTemplateSchema),
        summary: 'List the removal templates of a project',
      },
      (context, { path, query }) => {
        const project = visibleProject(context, path.project_id);
        const items = indexes(context)
          .templatesByProject.sequenced(project.id)
          .filter((item) => canSee(context, item.row));
        return ok(pageOf(context, `removal_templates:${project.id}`, items, query, (t) => templateView(context.state, t)));
      },
    ),
    route(
      'GET',
      '/mrv/v0/projects/{project_id}/removal_templates/{id}',
      {
        path: z.object({ project_id: idSchema('project'), id: idSchema('removal_template') }),
        response: removalTemplateSchema,
        summary: 'Read a removal template',
      },
      (context, { path }) => {
        const project = visibleProject(context, path.project_id);
        const template = context.state.templates.get(path.id);
        if (template === undefined || template.project_id !== project.id || !canSee(context, template)) throw notVisible(context);
        return ok(templateView(context.state, template));
      },
    ),
  ];
}
