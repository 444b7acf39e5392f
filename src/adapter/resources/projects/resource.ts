/** The projects resource as the store and the state know it: its schemas, tables, supplier references, quantity fields, world collections, named indexes and routes (store/resource.ts). */
import { defineResource, tableOf, worldRows, type TablesOfSpecs, indexesOn, type IndexesOf } from '../../store/resource';
import type { BlueprintRow, ProjectRow, TemplateRow } from './rows';
import * as schemas from './schemas';
import { TemplatePlaces } from '../../indexes/template-places';
import { RowsByKey } from '../../store/rows-by-key';
import { projectRoutes } from './routes';
import { blueprintRow, projectRow, templateRow, worldBlueprintSchema, worldProjectSchema, worldTemplateSchema } from './world';

const tables = {
  projects: tableOf<ProjectRow>('projects'),
  blueprints: tableOf<BlueprintRow>('component_blueprints'),
  templates: tableOf<TemplateRow>('removal_templates'),
};

/** Its named indexes (store/state-shape.ts, StateIndexes), kept in step with its tables. */
const indexes = indexesOn(tables, (t) => ({
  /** Where each template uses each blueprint and group (indexes/template-places.ts). */
  templates: new TemplatePlaces(t.templates),
  templatesByProject: new RowsByKey(t.templates, (x) => x.project_id),
}));

export const projectsResource = defineResource({
  name: 'projects',
  schemas,
  tables,
  supplierReferences: ['templates'],
  quantities: {},
  world: {
    /** Projects of supplier organisations. */
    projects: worldRows(tables, 'projects', worldProjectSchema, projectRow),
    /** Component blueprints (visible to every organisation), in the removal graph document's shape without `result_expression_key`. */
    component_blueprints: worldRows(tables, 'blueprints', worldBlueprintSchema, blueprintRow),
    /** Removal (GHG entry) templates of projects. */
    removal_templates: worldRows(tables, 'templates', worldTemplateSchema, templateRow),
  },
  indexes,
  routes: projectRoutes,
});

declare module '../../store/state-shape' {
  /** The state holds its tables. */
  interface StateTables extends TablesOfSpecs<typeof tables> {}
  /** The state's indexes hold its named indexes. */
  interface StateIndexes extends IndexesOf<typeof indexes> {}
}
