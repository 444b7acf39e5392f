/**
 * What a resource declares to the store, in one descriptor its folder exports (`<resource>/resource.ts`):
 * its tables (the name the state gives each and the store's kind, the row type riding along), which
 * of them hold supplier references (registered with the indexes, in list order) and the quantity
 * kind of each ScalarQuantity field it takes. The resource list (resources/index.ts) is iterated by
 * the state (state.ts makes its tables from it) and the indexes (indexes/index.ts registers them);
 * this module knows no resource.
 */
import type * as z from 'zod';
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

/**
 * What a world collection's records are loaded with besides the state: the instant the world
 * starts, and the projects loaded before them (a record without an owner takes its project's).
 */
export interface WorldStart {
  readonly startIso: string;
  readonly startMs: number;
  /** A project the world holds, by id (loaded before every other resource's records). */
  project(id: string): { readonly owner: string; readonly process_key: string } | undefined;
}

/**
 * One collection of the world document (docs/rules.md#world-document-and-test-helpers), as the
 * resource holding it declares it: the zod schema of one record (each field documented there) and
 * how the parsed records become rows of its tables. world/ composes the document's schema from
 * every resource's collections and calls `load` with each collection's records.
 */
export interface WorldCollection<S extends z.ZodType = z.ZodType> {
  readonly record: S;
  /** Writes the records into the tables of `state` (the state the world is loaded into). */
  load(records: readonly z.output<S>[], state: object, start: WorldStart): void;
}

/** The world collections of one resource, by the key the world document gives each. */
export type WorldCollections = Readonly<Record<string, WorldCollection>>;

/** What an index registration reads of the state besides its resource's tables: the credit batches' issue dates. */
export interface IndexedState {
  /** The ledger is made after the indexes: read it when a record is listed, not when the index is made. */
  readonly ledger: { getCreditBatch(id: string): { readonly issued_at: string } | undefined };
}

/**
 * A resource's named indexes over its tables (who uses what, the per-owner and per-project lists
 * its routes page through), made once per state by `register` and kept in step with the tables
 * from then on (store/rows-by-key.ts). `I` is the record of indexes by name.
 */
export interface IndexRegistrations<I extends object = object> {
  /** Makes the indexes over the tables of `state` (the state they are made for). */
  register(state: object, reader: IndexedState): I;
}

/** The indexes a registration makes, by name. */
export type IndexesOf<R> = R extends IndexRegistrations<infer I> ? I : never;

/**
 * Named indexes over the tables `tables` declares, made by `make` (the state holds the tables
 * under those names: its tables are made from the same specs, by name).
 */
export function indexesOn<const Specs extends Readonly<Record<string, TableSpec<Row>>>, I extends object>(
  tables: Specs,
  make: (tables: TablesOfSpecs<Specs>, reader: IndexedState) => I,
): IndexRegistrations<I> {
  return { register: (state, reader) => make(tablesIn(state, tables, 'indexes'), reader) };
}

/** The tables of `state` named as `tables` names them; a missing name throws (a programming error). */
function tablesIn<Specs extends Readonly<Record<string, TableSpec<Row>>>>(
  state: object,
  tables: Specs,
  what: string,
): TablesOfSpecs<Specs> {
  const missing = Object.keys(tables).find((name) => !(name in state));
  if (missing !== undefined) throw new Error(`the state given ${what} has no table '${missing}'`);
  return state as TablesOfSpecs<Specs>;
}

/** One resource's declaration: its tables by the name the state gives them. */
export interface ResourceDescriptor<
  Tables extends Readonly<Record<string, TableSpec<Row>>> = Readonly<Record<string, TableSpec<Row>>>,
  Quantities extends QuantityFields = QuantityFields,
  World extends WorldCollections = WorldCollections,
  Route = unknown,
  Indexes extends object = object,
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
  /** The collections of the world document it holds, in the document's words (`{}`: none). */
  readonly world: World;
  /** Its named indexes (none: the lists by owner or by a field need none, `Indexes.byOwner`, `Indexes.byField`). */
  readonly indexes?: IndexRegistrations<Indexes>;
  /** Its routes (resources/routes.ts puts every resource's into the route table). */
  readonly routes: () => readonly Route[];
}

/**
 * Declares a resource, keeping the literal types of its tables and quantity fields; its supplier
 * references name tables whose rows carry one.
 */
export function defineResource<
  const Tables extends Readonly<Record<string, TableSpec<Row>>>,
  const Quantities extends QuantityFields = Record<never, never>,
  const World extends WorldCollections = Record<never, never>,
  Route = unknown,
  Indexes extends object = Record<never, never>,
>(
  descriptor: ResourceDescriptor<Tables, Quantities, World, Route, Indexes> & {
    readonly supplierReferences: readonly ReferencingTables<Tables>[];
  },
): ResourceDescriptor<Tables, Quantities, World, Route, Indexes> {
  return descriptor;
}

/** The tables of one descriptor's specs, typed by their rows. */
export type TablesOfSpecs<S> = { readonly [K in keyof S]: Table<RowOfSpec<S[K]>> };

/** The row type of a table spec. */
type RowOfSpec<S> = S extends TableSpec<infer R> ? R : never;

/**
 * A world collection whose records are loaded by `load`, given the tables `tables` declares (the
 * state the world is loaded into holds them under those names: the state's tables are made from
 * the same specs, by name).
 */
export function worldCollection<const Specs extends Readonly<Record<string, TableSpec<Row>>>, S extends z.ZodType>(
  tables: Specs,
  record: S,
  load: (records: readonly z.output<S>[], into: TablesOfSpecs<Specs>, start: WorldStart) => void,
): WorldCollection<S> {
  return { record, load: (records, state, start) => load(records, tablesIn(state, tables, 'a world to load'), start) };
}

/** A world collection whose every record becomes one row of `tables[table]`, in document order. */
export function worldRows<
  const Specs extends Readonly<Record<string, TableSpec<Row>>>,
  K extends keyof Specs & string,
  S extends z.ZodType,
>(tables: Specs, table: K, record: S, row: (record: z.output<S>, start: WorldStart) => RowOfSpec<Specs[K]>): WorldCollection<S> {
  return worldCollection(tables, record, (records, into, start) => {
    for (const r of records) into[table].insert(row(r, start));
  });
}

/** The intersection of the members of a union. */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every table of a resource list, one typed table per name. */
export type TablesOf<L extends readonly ResourceDescriptor[]> = Intersection<TablesOfSpecs<L[number]['tables']>>;

/** Every named index of a resource list, by name. */
export type NamedIndexesOf<L extends readonly ResourceDescriptor[]> = Intersection<IndexesOf<NonNullable<L[number]['indexes']>>>;

/** Every world collection of a resource list, by the key the world document gives it. */
export type WorldOf<L extends readonly ResourceDescriptor[]> = Intersection<L[number]['world']>;

/** Every quantity field of a resource list, by resource and field. */
export type QuantitiesOf<L extends readonly ResourceDescriptor[]> = Intersection<L[number]['quantities']>;

/** The quantity fields of every resource of a list in one record. */
export function quantitiesOf<const L extends readonly ResourceDescriptor[]>(list: L): QuantitiesOf<L> {
  return Object.assign({}, ...list.map((r) => r.quantities)) as QuantitiesOf<L>;
}

/** The world collections of every resource of a list in one record, in list order. */
export function worldOf<const L extends readonly ResourceDescriptor[]>(list: L): WorldOf<L> {
  const out: Record<string, WorldCollection> = {};
  for (const resource of list)
    for (const [key, collection] of Object.entries(resource.world)) {
      if (key in out) throw new Error(`world collection '${key}' of resource '${resource.name}' is declared twice`);
      out[key] = collection;
    }
  return out as WorldOf<L>;
}

/** The tables holding supplier references, in list order (the last one scanned wins a reference used twice). */
export function supplierReferenceTables(list: readonly ResourceDescriptor[], tables: object): Table<ReferencingRow>[] {
  const byName = tables as Readonly<Record<string, Table<ReferencingRow>>>;
  return list.flatMap((r) => r.supplierReferences.map((name) => byName[name] as Table<ReferencingRow>));
}

/**
 * A base class holding a new store and, as properties named as the descriptors name them, one
 * table of it per table of the list its constructor is given, created in list order (the store's
 * snapshot order). `T` types the tables (the state: store/state-shape.ts, held equal to the list's
 * by test/adapter/resource-list.test.ts). A table name declared twice is a programming error.
 */
export function tablesBase<T extends object>(): new (list: readonly ResourceDescriptor[]) => { readonly store: Store } & T {
  class Tables {
    readonly store = new Store();
    constructor(list: readonly ResourceDescriptor[]) {
      for (const resource of list)
        for (const [name, spec] of Object.entries(resource.tables)) {
          if (name in this) throw new Error(`table '${name}' of resource '${resource.name}' is declared twice`);
          Object.defineProperty(this, name, { value: this.store.table(spec.kind), enumerable: true });
        }
    }
  }
  return Tables as unknown as new (
    list: readonly ResourceDescriptor[],
  ) => { readonly store: Store } & T;
}

/**
 * Every resource's named indexes over the tables of `state`, made in list order into one record
 * (an index name registered twice is a programming error).
 */
export function registerIndexes(list: readonly ResourceDescriptor[], state: object, reader: IndexedState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const resource of list)
    for (const [name, index] of Object.entries(resource.indexes?.register(state, reader) ?? {})) {
      if (name in out) throw new Error(`index '${name}' of resource '${resource.name}' is registered twice`);
      out[name] = index;
    }
  return out;
}
