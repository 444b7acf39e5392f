/**
 * adapter/store: the storage machinery below every resource. The Table (a resource's rows in
 * sequence order, observed by its indexes and rolled back with a request: store.ts), the Store
 * that sequences writes into transactions and commits them (`onCommit`), sequence numbers and ids
 * in order (sequence.ts), pagination and cursors over ordered lists (pagination.ts, merged-list.ts),
 * the generic index machinery every resource registers on (rows-by-key.ts, supplier-references.ts)
 * and the ledger's writes as the state store keeps them (ledger-writes.ts); the resource
 * descriptor (resource.ts) and the state's shape each resource adds its tables and named indexes
 * to (state-shape.ts).
 * It knows no resource: rows are `Row` (an id and a sequence number) and whatever a resource adds.
 * May import: http (the 422 of a bad cursor), model.
 */
export { type Row, type RowChange, type Sequenced, Store, Table, type TableObserver } from './store';
export { lowerBound, type ReadonlySequence, Sequence, upperBound } from './sequence';
export {
  CursorCodec,
  DEFAULT_PAGE_SIZE,
  listOf,
  type OrderedList,
  type Page,
  type PageRequest,
  paginate,
  reversedList,
} from './pagination';
export { mergedList, tableList } from './merged-list';
export { distinct, RowsByKey } from './rows-by-key';
export { SupplierReferences } from './supplier-references';
export { LEDGER_WRITES, type LedgerSource, type LedgerWrite } from './ledger-writes';
