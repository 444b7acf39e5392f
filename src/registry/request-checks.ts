/**
 * Phase 1 of the ledger's requests other than issuance (which has its own check): reading each
 * field against what the ledger holds (registered organisations and suppliers, batches and their
 * status, owner and supplier), collecting every problem and changing nothing.
 * Not part of the public API.
 * Imports: errors, records, the store, the field readers (validate) and the pipeline's types of
 * this folder.
 */
import { CreditLedgerError, type LedgerOperation } from './errors';
import type { PlannedLine } from './pipeline';
import type { BatchRecord } from './records';
import type { LedgerStore } from './store';
import type { RetirementPurposeValue } from './types';
import { Problems, readNotes, readObject, readPositiveKg, readPurposes, readString, type Path } from './validate';

/** What the lines of a request must satisfy; an undefined rule is not checked. */
export interface LineRules {
  readonly owner: string | undefined;
  readonly supplierId: string | undefined;
  readonly bufferPoolOnly: boolean;
}

/** The common fields of both retirement requests, as checked. */
export interface RetirementHead {
  readonly owner: string | undefined;
  readonly beneficiary: string | undefined;
  readonly supplierId: string | undefined;
  readonly purposes: readonly RetirementPurposeValue[];
  readonly notes: string | null;
}

/**
 * Starts checking a request: a fresh problem list and the request object, or a refusal when the
 * request is not an object (nothing else can be read from it).
 */
export function openRequest(
  input: unknown,
  operation: LedgerOperation,
  what: string,
): { readonly req: Record<string, unknown>; readonly problems: Problems } {
  const problems = new Problems();
  const req = readObject(input, [], problems, what);
  if (req === undefined) throw new CreditLedgerError(operation, problems.list);
  return { req, problems };
}

/** Reads the field `field` of a request: the id of a registered organisation. */
export function readKnownOrganisation(
  store: LedgerStore,
  req: Record<string, unknown>,
  field: string,
  problems: Problems,
): string | undefined {
  const id = readString(req[field], [field], problems, field);
  if (id === undefined) return undefined;
  if (!store.organisations.has(id)) {
    problems.add([field], 'unknown_organisation', `${field}: no organisation ${id} is known to the registry`);
    return undefined;
  }
  return id;
}

/** Reads the sender (`fromField`) and receiver of a move of credits: registered and distinct. */
export function readParties(
  store: LedgerStore,
  req: Record<string, unknown>,
  fromField: string,
  verb: 'transfer' | 'refund',
  problems: Problems,
): { from: string | undefined; to: string | undefined } {
  const from = readKnownOrganisation(store, req, fromField, problems);
  const to = readKnownOrganisation(store, req, 'to_organisation_id', problems);
  if (from !== undefined && from === to) problems.add(['to_organisation_id'], 'same_organisation', `cannot ${verb} from ${from} to itself`);
  return { from, to };
}

/** Reads a supplier id that the registry knows. */
export function readKnownSupplier(store: LedgerStore, value: unknown, path: Path, problems: Problems): string | undefined {
  const id = readString(value, path, problems, 'supplier_id');
  if (id === undefined) return undefined;
  if (!store.suppliers.has(id)) {
    problems.add(path, 'unknown_supplier', `no supplier ${id} is known to the registry`);
    return undefined;
  }
  return id;
}

/** Records a problem when a known supplier belongs to another organisation: suppliers never move. */
export function checkSupplierOrganisation(
  store: LedgerStore,
  supplierId: string,
  organisationId: string,
  path: Path,
  problems: Problems,
): void {
  const known = store.suppliers.get(supplierId);
  if (known !== undefined && known.organisationId !== organisationId) {
    problems.add(
      path,
      'supplier_organisation_conflict',
      `supplier ${supplierId} belongs to ${known.organisationId}, not ${organisationId}`,
    );
  }
}

/** Reads the fields both retirement requests share. */
export function readRetirementHead(store: LedgerStore, req: Record<string, unknown>, problems: Problems): RetirementHead {
  const owner = readKnownOrganisation(store, req, 'owner_organisation_id', problems);
  const beneficiary = readKnownOrganisation(store, req, 'beneficiary_organisation_id', problems);
  const supplierId = readKnownSupplier(store, req.supplier_id, ['supplier_id'], problems);
  const purposes = readPurposes(req.retirement_purposes, ['retirement_purposes'], problems);
  const notes = readNotes(req.notes, ['notes'], problems);
  return { owner, beneficiary, supplierId, purposes, notes };
}

/** Where a line of a request is: its index and the paths of its batch id and its amount. */
interface LinePlace {
  readonly index: number;
  readonly idPath: Path;
  readonly kgPath: Path;
}

/** Reads a line's batch id: present, named once in the request (`seen`: id to line), and a batch of the ledger. */
function readLineBatch(
  store: LedgerStore,
  value: unknown,
  { index, idPath }: LinePlace,
  seen: Map<string, number>,
  problems: Problems,
): BatchRecord | undefined {
  const batchId = readString(value, idPath, problems, 'credit_batch_id');
  if (batchId === undefined) return undefined;
  const first = seen.get(batchId);
  if (first !== undefined) {
    problems.add(idPath, 'duplicate_credit_batch', `credit batch ${batchId} already appears in line ${first}`);
    return undefined;
  }
  seen.set(batchId, index);
  const batch = store.batches.get(batchId);
  if (batch === undefined) problems.add(idPath, 'unknown_credit_batch', `no credit batch ${batchId}`);
  return batch;
}

/** Checks that a line may take `kg` from `batch`: active, and as the request's rules say. */
function checkLineBatch(
  batch: BatchRecord,
  kg: bigint | undefined,
  rules: LineRules,
  { idPath, kgPath }: LinePlace,
  problems: Problems,
): void {
  if (batch.status === 'split') {
    problems.add(
      idPath,
      'batch_split',
      `credit batch ${batch.id} was split into ${batch.leftChildId ?? ''} and ${batch.rightChildId ?? ''}; only active batches can be transacted`,
    );
  } else if (batch.status === 'retired') {
    problems.add(idPath, 'batch_retired', `credit batch ${batch.id} is retired (${batch.retirementId ?? ''}); retirement is final`);
  }
  if (rules.owner !== undefined && batch.owner !== rules.owner) {
    problems.add(idPath, 'not_owner', `credit batch ${batch.id} is owned by ${batch.owner}, not by ${rules.owner}`);
  }
  if (rules.supplierId !== undefined && batch.origin.supplierId !== rules.supplierId) {
    problems.add(
      idPath,
      'supplier_mismatch',
      `credit batch ${batch.id} comes from supplier ${batch.origin.supplierId}, not ${rules.supplierId}; one request takes credits of one supplier`,
    );
  }
  if (rules.bufferPoolOnly && batch.origin.pool !== 'buffer_pool') {
    problems.add(idPath, 'not_buffer_pool_credit', `credit batch ${batch.id} was issued to the supplier, not to the buffer pool`);
  }
  if (kg !== undefined && kg > batch.size) {
    problems.add(kgPath, 'exceeds_batch_size', `${kg} kg asked from credit batch ${batch.id}, which holds ${batch.size} kg`);
  }
}

/**
 * Checks every line of a transaction and returns the checked lines. Each line is checked in
 * full (status, owner, supplier, amount) so a caller sees all of its problems at once.
 */
export function readLines(store: LedgerStore, value: unknown, rules: LineRules, problems: Problems): PlannedLine[] {
  const path: Path = ['credit_batch_quantities'];
  if (!Array.isArray(value)) {
    problems.add(
      path,
      value === undefined ? 'missing' : 'invalid_type',
      'credit_batch_quantities must be an array of {credit_batch_id, credit_quantity_kg}',
    );
    return [];
  }
  if (value.length === 0) {
    problems.add(path, 'no_lines', 'credit_batch_quantities needs at least one line');
    return [];
  }
  const seen = new Map<string, number>();
  const planned: PlannedLine[] = [];
  value.forEach((raw: unknown, i) => {
    const line = readObject(raw, [...path, i], problems, `line ${i}`);
    if (line === undefined) return;
    const before = problems.list.length;
    const place: LinePlace = { index: i, idPath: [...path, i, 'credit_batch_id'], kgPath: [...path, i, 'credit_quantity_kg'] };
    const batch = readLineBatch(store, line.credit_batch_id, place, seen, problems);
    const kg = readPositiveKg(line.credit_quantity_kg, place.kgPath, problems, '');
    if (batch !== undefined) checkLineBatch(batch, kg, rules, place, problems);
    if (batch !== undefined && kg !== undefined && problems.list.length === before) planned.push({ batch, kg });
  });
  return planned;
}
