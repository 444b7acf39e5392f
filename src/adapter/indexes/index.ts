/**
 * The indexes of one sandbox, kept in step with its tables (each observes the tables it reads, so
 * a write updates it and a rollback puts it back): who uses what and the per-owner and per-project
 * orders the list routes page through (each resource registers its own in its descriptor,
 * `<resource>/resource.ts`), which resources a submitted statement exposes (exposure.ts, built
 * here on the resources' named indexes) and the supplier references in use. No request rebuilds
 * them from the tables; only the exposure is rebuilt, and only when a change reaches what it was
 * built from. The generic machinery (RowsByKey, SupplierReferences) is in store/; the indexes of
 * one shape the resources register are here (template-places.ts, batch-dates.ts), the ledger's
 * index keys in ledger-keys.ts.
 * May import: store, rows.ts, registry.
 */
import type { Row, Table } from '../store/store';
import { type IndexedState, registerIndexes, type ResourceDescriptor, supplierReferenceTables } from '../store/resource';
import type { StateIndexes, StateTables } from '../store/state-shape';
import { Exposure } from './exposure';
import { RowsByKey } from '../store/rows-by-key';
import { SupplierReferences } from '../store/supplier-references';

export type { Exposed } from './exposure';
export type { TemplateComponentPlace, TemplateComponentUse, TemplateGroupPlace } from './template-places';
export { RowsByKey } from '../store/rows-by-key';

/** A base class holding the named indexes it is given as its own properties, typed by store/state-shape.ts. */
const NamedIndexes = class {
  constructor(named: Readonly<Record<string, unknown>>) {
    Object.assign(this, named);
  }
} as unknown as new (
  named: Readonly<Record<string, unknown>>,
) => StateIndexes;

/**
 * Every index of a sandbox: the named indexes each resource registers (its descriptor's
 * `indexes`, made in list order; typed by StateIndexes), the supplier references in use, the
 * exposure built on the named indexes, and the lists by owner or by field made on first use.
 */
export class Indexes extends NamedIndexes {
  readonly references = new SupplierReferences();
  readonly exposure: Exposure;
  /** Rows of each table by owner, made when a table is first listed by owner. */
  readonly #byOwner = new Map<string, RowsByKey<Row & { readonly owner: string }>>();
  /** Rows of a table by the value of one of its fields, made when a list first filters on it. */
  readonly #byField = new Map<string, RowsByKey<Row>>();

  /**
   * The indexes over `state`'s tables, registered by the resources of `list` in list order; the
   * supplier references are registered in the order the list declares their tables (the last one
   * scanned wins a reference used twice). `reader` gives the credit batches' issue dates.
   */
  constructor(state: StateTables, list: readonly ResourceDescriptor[], reader: IndexedState) {
    super(registerIndexes(list, state, reader));
    // The order of a scan of the tables, the last one winning a reference used twice.
    for (const table of supplierReferenceTables(list, state)) this.references.register(table);
    this.exposure = new Exposure({
      statements: state.statements,
      removals: state.removals,
      attributions: state.attributions,
      components: state.components,
      datapoints: state.datapoints,
      measurementSamples: state.measurementSamples,
      biocharApplications: state.biocharApplications,
      productionBatches: state.productionBatches,
      attributionsByRemoval: this.attributionsByRemoval,
      applicationsByRemoval: this.applicationsByRemoval,
      componentsByStatement: this.componentsByStatement,
      projectComponents: this.projectComponents,
      templates: this.templates,
    });
  }

  /** The rows of `table` grouped by owner (kept in step with the table from its first use). */
  byOwner<T extends Row & { readonly owner: string }>(table: Table<T>): RowsByKey<T> {
    let index = this.#byOwner.get(table.kind);
    if (index === undefined) {
      index = new RowsByKey(table as unknown as Table<Row & { readonly owner: string }>, (r) => r.owner, 'owner');
      this.#byOwner.set(table.kind, index);
    }
    return index as unknown as RowsByKey<T>;
  }

  /**
   * The rows of `table` grouped by the string value of `field` (`supplier_reference_id`,
   * `project_id`, ...), kept in step with the table from its first use: a list filtered on the
   * field reads the matching rows only, however many others there are.
   */
  byField<T extends Row>(table: Table<T>, field: keyof T & string): RowsByKey<T> {
    const name = `${table.kind}.${field}`;
    let index = this.#byField.get(name);
    if (index === undefined) {
      index = new RowsByKey(
        table as unknown as Table<Row>,
        (r) => {
          const value = (r as unknown as Record<string, unknown>)[field];
          return typeof value === 'string' ? value : null;
        },
        field === 'supplier_reference_id' || field === 'owner' ? field : undefined,
      );
      this.#byField.set(name, index);
    }
    return index as unknown as RowsByKey<T>;
  }
}
