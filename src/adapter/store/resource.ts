/**
 * What a resource declares to the store, in one descriptor its folder exports (`<resource>/resource.ts`):
 * its tables (the name the state gives each and the store's kind, the row type riding along), which
 * of them hold supplier references (registered with the indexes, in list order) and the quantity
 * kind of each ScalarQuantity field it takes. The resource list (resources/index.ts) is iterated by
 * the state (its tables: {@link TablesOf}, {@link withTables}) and the indexes; this module knows no
 * resource.
 */
import type { QuantityKind } from '../../model';
import { Store, type Row, type Table } from './store';
import type { ReferencingRow } from './supplier-references';

/** A table a resource declares: the store's kind for it; `T` is the row type (never set at run time). */
export interface TableSpec<T extends Row> {
  readonly kind: string;
  /** Carries the row type only. */
  readonly rowType?: () => T;
}

/** Declares a table of rows `T` the store names `kind`. */
export function tableOf<T extends Row>(kind: string): TableSpec<T> {
  return { kind };
}

/** The quantity kind of each ScalarQuantity field, by resource (as the API names it) and field. */
export type QuantityFields = Readonly<Record<string, Readonly<Record<string, QuantityKind>>>>;

/** The names of the tables among `Tables` whose rows can carry a supplier reference. */
type ReferencingTables<Tables> = {
  [K in keyof Tables & string]: Tables[K] extends TableSpec<infer R> ? (R extends ReferencingRow ? K : never) : never;
}[keyof Tables & string];

/** One resource's declaration: its tables by the name the state gives them. */
export interface ResourceDescriptor<
  Tables extends Readonly<Record<string, TableSpec<Row>>> = Readonly<Record<string, TableSpec<Row>>>,
  Quantities extends QuantityFields = QuantityFields,
> {
  /** The resource's folder name (error messages and tests). */
  readonly name: string;
  /** Its schemas module (the OpenAPI document names its component schemas from their exports). */
  readonly schemas: Readonly<Record<string, unknown>>;
  readonly tables: Tables;
  /** The tables whose rows carry a `supplier_reference_id`, registered with the indexes in this order. */
  readonly supplierReferences: readonly string[];
  /** The quantity kind of each ScalarQuantity field the resource takes (docs/rules.md#service-behaviour). */
  readonly quantities: Quantities;
}

/**
 * Declares a resource, keeping the literal types of its tables and quantity fields; its supplier
 * references name tables whose rows carry one.
 */
export function defineResource<
  const Tables extends Readonly<Record<string, TableSpec<Row>>>,
  const Quantities extends QuantityFields = Record<never, never>,
>(
  descriptor: ResourceDescriptor<Tables, Quantities> & { readonly supplierReferences: readonly ReferencingTables<Tables>[] },
): ResourceDescriptor<Tables, Quantities> {
  return descriptor;
}

/** The tables of one descriptor's specs, typed by their rows. */
type TablesOfSpecs<S> = { readonly [K in keyof S]: S[K] extends TableSpec<infer R> ? Table<R> : never };

/** The intersection of the members of a union. */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every table of a resource list, one typed table per name. */
export type TablesOf<L extends readonly ResourceDescriptor[]> = Intersection<TablesOfSpecs<L[number]['tables']>>;

/** Every quantity field of a resource list, by resource and field. */
export type QuantitiesOf<L extends readonly ResourceDescriptor[]> = Intersection<L[number]['quantities']>;

/** The quantity fields of every resource of a list in one record. */
export function quantitiesOf<const L extends readonly ResourceDescriptor[]>(list: L): QuantitiesOf<L> {
  return Object.assign({}, ...list.map((r) => r.quantities)) as QuantitiesOf<L>;
}

/** The tables holding supplier references, in list order (the last one scanned wins a reference used twice). */
export function supplierReferenceTables(list: readonly ResourceDescriptor[], tables: object): Table<ReferencingRow>[] {
  const byName = tables as Readonly<Record<string, Table<ReferencingRow>>>;
  return list.flatMap((r) => r.supplierReferences.map((name) => byName[name] as Table<ReferencingRow>));
}

/**
 * A base class holding a new store and, as properties named as the descriptors name them, one
 * table of it per table of `list`, created in list order (the store's snapshot order). A table
 * name declared twice is a programming error.
 */
export function withTables<const L extends readonly ResourceDescriptor[]>(list: L): new () => { readonly store: Store } & TablesOf<L> {
  class Tables {
    readonly store = new Store();
    constructor() {
      for (const resource of list)
        for (const [name, spec] of Object.entries(resource.tables)) {
          if (name in this) throw new Error(`table '${name}' of resource '${resource.name}' is declared twice`);
          Object.defineProperty(this, name, { value: this.store.table(spec.kind), enumerable: true });
        }
    }
  }
  return Tables as unknown as new () => { readonly store: Store } & TablesOf<L>;
}
