/**
 * The registry records of a world document (credit batches, deliveries, transfers, refunds)
 * replayed through the credit ledger, each at its own date and with its own id.
 */
import type { IssuePath } from '../../model';
import { CreditLedgerError } from '../../registry';
import type { ServiceState } from '../state';
import { organisationView } from '../resources/views';
import { WorldDocumentError } from './world-error';
import type { World } from './world-schema';

/** Replays the world's registry records through the ledger, keeping the world's own ids. */
export function loadLedger(state: ServiceState, world: World, startMs: number): void {
  registerParties(state, world);
  const bufferPool = world.organisations.find((o) => o.buffer_pool === true);
  const at = (iso: string | undefined): void => state.clock.pin(iso === undefined ? startMs : Date.parse(iso));
  try {
    world.credit_batches.forEach((b, i) => issueCreditBatch(state, b, i, bufferPool?.id, at));
    replayTransactions(state, world, bufferPool?.id, at);
  } finally {
    state.clock.pin(null);
    for (const kind of ['credit_batch', 'delivery', 'transfer', 'refund'] as const) state.overrideLedgerIds(kind, []);
  }
}

/** Every organisation, and the supplier of each that is one. */
function registerParties(state: ServiceState, world: World): void {
  for (const o of world.organisations) {
    state.ledger.registerOrganisation(organisationView(state, o.id));
    if (o.supplier !== undefined) {
      state.ledger.registerSupplier({
        id: o.supplier.id,
        organisation: organisationView(state, o.id),
        short_description: o.supplier.short_description ?? null,
        long_description: o.supplier.long_description ?? null,
        location:
          o.supplier.location === undefined || o.supplier.location === null
            ? null
            : { ...o.supplier.location, description: o.supplier.location.description ?? null },
      });
    }
  }
}

/** A ledger refusal as the world's problem at `path`; any other error as it is. */
function fail(path: IssuePath, error: unknown): never {
  if (error instanceof CreditLedgerError) {
    throw new WorldDocumentError(error.problems.map((p) => ({ path: [...path, ...p.path], message: p.message, code: p.code })));
  }
  throw error;
}

/**
 * A credit batch as an issuance of one entry, to the supplier or to the buffer pool, at the batch's
 * date and keeping its id. A batch whose project or supplier is missing was refused by the cross-check.
 */
function issueCreditBatch(
  state: ServiceState,
  b: World['credit_batches'][number],
  i: number,
  bufferPoolId: string | undefined,
  at: (iso: string | undefined) => void,
): void {
  const project = state.projects.get(b.project_id);
  const owner = project === undefined ? undefined : state.organisations.get(project.owner);
  if (project === undefined || owner?.supplier === null || owner === undefined) return;
  const supplier = owner.supplier;
  const buffer = b.pool === 'buffer_pool';
  at(b.issued_at);
  state.overrideLedgerIds('credit_batch', [b.id]);
  try {
    const issuance = state.ledger.createIssuance({
      ghg_statement_id: state.ids('ghg_statement'),
      project_id: project.id,
      supplier_id: supplier.id,
      supplier_organisation: organisationView(state, owner.id),
      buffer_pool_organisation: organisationView(state, bufferPoolId ?? owner.id),
      country_of_issue: project.country_code,
      registry_code: state.registryCode,
      pathway_code: project.pathway_code,
      project_code: project.project_code,
      ccp_approved: b.ccp_approved ?? false,
      entries: [
        {
          ghg_entry_id: b.ghg_entry_id,
          sequestered_on: b.sequestered_on,
          supplier_allocation_kg: buffer ? 0 : b.size_kg,
          buffer_pool_contribution_kg: buffer ? b.size_kg : 0,
          carbon_removal_data: b.carbon_removal_data ?? {
            counterfactuals_kg: 0,
            emissions_kg: 0,
            gross_carbon_removed_kg: 0,
            losses_kg: 0,
            net_carbon_removed_kg: 0,
          },
        },
      ],
    });
    state.recordIssuance(issuance.id);
  } catch (error) {
    fail(['credit_batches', i], error);
  }
}

/** Deliveries, transfers and refunds. */
function replayTransactions(
  state: ServiceState,
  world: World,
  bufferPoolId: string | undefined,
  at: (iso: string | undefined) => void,
): void {
  replay(state, at, {
    collection: 'deliveries',
    kind: 'delivery',
    items: world.deliveries,
    when: (d) => d.delivered_at,
    create: (d) => {
      // The cross-check refused a world whose order is missing; nothing to replay then.
      const order = state.orders.get(d.order_id);
      if (order === undefined) return undefined;
      return state.ledger.createDelivery({
        order: { id: order.id, organisation: organisationView(state, order.organisation_id), supplier_id: order.supplier_id },
        credit_batch_quantities: d.credit_batch_quantities,
        notes: d.notes ?? null,
      });
    },
  });
  replay(state, at, {
    collection: 'transfers',
    kind: 'transfer',
    items: world.transfers,
    when: (t) => t.transferred_at,
    create: (t) =>
      state.ledger.createTransfer({
        from_organisation_id: t.from_organisation_id,
        to_organisation_id: t.to_organisation_id,
        supplier_id: t.supplier_id,
        credit_batch_quantities: t.credit_batch_quantities,
        notes: t.notes ?? null,
      }),
  });
  replay(state, at, {
    collection: 'refunds',
    kind: 'refund',
    items: world.refunds,
    when: (r) => r.refunded_at,
    create: (r) =>
      state.ledger.createRefund({
        from_buffer_pool_organisation_id: bufferPoolId ?? '',
        to_organisation_id: r.to_organisation_id,
        credit_batch_quantities: r.credit_batch_quantities,
        notes: r.notes ?? null,
      }),
  });
}

/** Transactions are replayed in order, each at its own date and with its own id. */
function replay<T extends { readonly id: string; readonly credit_batch_quantities: readonly { readonly credit_batch_id: string }[] }>(
  state: ServiceState,
  at: (iso: string | undefined) => void,
  transactions: {
    readonly collection: 'deliveries' | 'transfers' | 'refunds';
    readonly kind: 'delivery' | 'transfer' | 'refund';
    readonly items: readonly T[];
    readonly when: (item: T) => string | undefined;
    readonly create: (item: T) => { readonly id: string } | undefined;
  },
): void {
  const { collection, kind, items, when, create } = transactions;
  items.forEach((item, i) => {
    at(when(item));
    state.overrideLedgerIds(kind, [item.id]);
    try {
      const view = create(item);
      if (view !== undefined) state.recordTransaction(kind, view.id, item.credit_batch_quantities);
    } catch (error) {
      fail([collection, i], error);
    }
  });
}
