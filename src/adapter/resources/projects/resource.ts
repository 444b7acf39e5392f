/** The projects resource as the store and the state know it: its schemas, tables, supplier references, quantity fields and world collections (store/resource.ts). */
import { defineResource, tableOf, worldRows } from '../../store/resource';
import type { BlueprintRow, ProjectRow, TemplateRow } from './rows';
import * as schemas from './schemas';
import { blueprintRow, projectRow, templateRow, worldBlueprintSchema, worldProjectSchema, worldTemplateSchema } from './world';

const tables = {
  projects: tableOf<ProjectRow>('projects'),
  blueprints: tableOf<BlueprintRow>('component_blueprints'),
  templates: tableOf<TemplateRow>('removal_templates'),
};

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
});
