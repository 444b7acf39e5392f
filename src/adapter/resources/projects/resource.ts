/** The projects resource as the store and the state know it: its schemas, tables, supplier references and quantity fields (store/resource.ts). */
import { defineResource, tableOf } from '../../store/resource';
import type { BlueprintRow, ProjectRow, TemplateRow } from './rows';
import * as schemas from './schemas';

export const projectsResource = defineResource({
  name: 'projects',
  schemas,
  tables: {
    projects: tableOf<ProjectRow>('projects'),
    blueprints: tableOf<BlueprintRow>('component_blueprints'),
    templates: tableOf<TemplateRow>('removal_templates'),
  },
  supplierReferences: ['templates'],
  quantities: {},
});
