/**
 * Removal templates inside out: the template and group of each template component and of each
 * group (by id), and the templates whose components default an input to a datapoint.
 *
 * Kept in step with the templates table (inserts, updates, deletes and their rollbacks).
 */
import type { TemplateComponentRow, TemplateGroupRow, TemplateRow } from '../rows';
import type { Table, TableObserver } from '../store/store';
import { distinct, RowsByKey } from '../store/rows-by-key';

/** A template component with its group and template. */
export interface TemplateComponentPlace {
  readonly template: TemplateRow;
  readonly group: TemplateGroupRow;
  readonly component: TemplateComponentRow;
}

/** A template group with its template. */
export interface TemplateGroupPlace {
  readonly template: TemplateRow;
  readonly group: TemplateGroupRow;
}

/** A template component using a datapoint, with the sequence number that orders it (template, then position). */
export interface TemplateComponentUse extends TemplateComponentPlace {
  readonly seq: number;
}

/** Positions within a template are below this, so that template order then position is one number. */
const POSITIONS = 65536;

/** Datapoint ids a component defaults its inputs to, each once. */
function defaultDatapoints(component: TemplateComponentRow): string[] {
  return distinct(component.inputs.map((input) => input.datapoint_id));
}

/** Where templates' groups and components are, and which templates use a datapoint. */
export class TemplatePlaces implements TableObserver<TemplateRow> {
  readonly #components = new Map<string, TemplateComponentPlace>();
  readonly #groups = new Map<string, TemplateGroupPlace>();
  readonly #byDatapoint: RowsByKey<TemplateRow>;

  constructor(templates: Table<TemplateRow>) {
    templates.observe(this);
    this.#byDatapoint = new RowsByKey(templates, (t) => distinct(t.groups.flatMap((g) => g.components.flatMap(defaultDatapoints))));
  }

  /** The template and group of a template component. */
  component(id: string): TemplateComponentPlace | undefined {
    return this.#components.get(id);
  }

  /** The template of a template group. */
  group(id: string): TemplateGroupPlace | undefined {
    return this.#groups.get(id);
  }

  /** Template components defaulting an input to `datapointId`, in template order then position. */
  usesOf(datapointId: string): TemplateComponentUse[] {
    const out: TemplateComponentUse[] = [];
    for (const { seq, row: template } of this.#byDatapoint.sequenced(datapointId)) {
      let position = 0;
      for (const group of template.groups) {
        for (const component of group.components) {
          position += 1;
          if (defaultDatapoints(component).includes(datapointId)) out.push({ seq: seq * POSITIONS + position, template, group, component });
        }
      }
    }
    return out;
  }

  inserted(template: TemplateRow): void {
    for (const group of template.groups) {
      this.#groups.set(group.id, { template, group });
      for (const component of group.components) this.#components.set(component.id, { template, group, component });
    }
  }

  updated(old: TemplateRow, template: TemplateRow): void {
    this.deleted(old);
    this.inserted(template);
  }

  deleted(template: TemplateRow): void {
    for (const group of template.groups) {
      if (this.#groups.get(group.id)?.template.id === template.id) this.#groups.delete(group.id);
      for (const component of group.components) {
        if (this.#components.get(component.id)?.template.id === template.id) this.#components.delete(component.id);
      }
    }
  }
}
