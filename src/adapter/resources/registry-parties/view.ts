/**
 * The views of orders and of projects as the registry answers them: stored rows (and the credit
 * ledger's totals) to response bodies, typed by the resource's response schema.
 */
import { found } from '../found';
import type { orderSchema, registryProjectSchema } from './schemas';
import type { BodyOf } from '../../router';
import type { OrderRow, ProjectRow } from '../../rows';
import type { ServiceState } from '../../state';
import { organisationView } from '../views';
import { orderProgress } from '../credit-ledger/order-progress';

/** A quantity of credits in both units. */
const quantity = (kg: number) => ({ credits: kg / 1000, credit_kgs: kg });

/** The OpenAPI Order of an order row, with its delivered total from the ledger. */
export function orderView(state: ServiceState, order: OrderRow): BodyOf<typeof orderSchema> {
  const { deliveredKg, fulfilledAt } = orderProgress(state, order);
  return {
    id: order.id,
    effective_contract_date: order.created_at.slice(0, 10),
    fulfilled_at: fulfilledAt,
    buyer_organisation: organisationView(state, order.organisation_id),
    // The world check and the order's creation hold its supplier to one the ledger knows.
    supplier: found(state.ledger.getSupplier(order.supplier_id), { defect: order.supplier_id }),
    status: fulfilledAt !== null ? 'completed' : deliveredKg > 0 ? 'in_progress' : 'placed',
    credits_ordered: quantity(order.credits_ordered_kg),
    credits_delivered: quantity(deliveredKg),
  };
}

/** Credit totals of a project's issued batches: issued and retired, supplier and buffer pool apart. */
function projectTotals(state: ServiceState, projectId: string) {
  const totals = { issued: 0, retired: 0, issuedBuffer: 0, retiredBuffer: 0 };
  for (const id of state.indexes.ledger.ids(`issuance|project|${projectId}`)) {
    const batches = state.ledger.getIssuanceCreditBatches(id);
    if (batches === undefined) continue;
    totals.issued += batches.supplier_credit_batch_size_total.credit_kgs;
    totals.issuedBuffer += batches.buffer_pool_credit_batch_size_total.credit_kgs;
    const buffer = new Set(batches.buffer_pool_credit_batches.map((b) => b.id));
    // Retired leaves of each root batch, walked down its split tree.
    for (const root of [...batches.supplier_credit_batches, ...batches.buffer_pool_credit_batches]) {
      const stack = [root.id];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        const batch = state.ledger.getCreditBatch(id);
        if (batch === undefined) continue;
        if (batch.left_child_id !== null) stack.push(batch.left_child_id);
        if (batch.right_child_id !== null) stack.push(batch.right_child_id);
        if (batch.status !== 'retired') continue;
        if (buffer.has(root.id)) totals.retiredBuffer += batch.size.credit_kgs;
        else totals.retired += batch.size.credit_kgs;
      }
    }
  }
  return totals;
}

/** A project as the registry answers it. */
export function registryProjectView(state: ServiceState, project: ProjectRow): BodyOf<typeof registryProjectSchema> {
  const owner = state.organisations.get(project.owner);
  // A project's owner is a supplier (the world check requires it; no route creates projects).
  const supplierId = owner?.supplier?.id;
  const supplier = found(supplierId === undefined ? undefined : state.ledger.getSupplier(supplierId), {
    defect: `supplier of ${project.owner}`,
  });
  const verifier = project.verifier_organisation_id === null ? undefined : state.organisations.get(project.verifier_organisation_id);
  const totals = projectTotals(state, project.id);
  return {
    id: project.id,
    name: project.name,
    supplier,
    status: project.registry.status,
    short_code: project.project_code,
    url: `https://registry.sandbox.invalid/projects/${project.id}`,
    process_key: project.process_key,
    pathway: project.registry.pathway,
    protocol_slug: project.registry.protocol_slug,
    country_code: project.country_code,
    validator_name: project.registry.validator_name,
    current_verifier_name: verifier?.name ?? null,
    crediting_period_start: project.registry.crediting_period_start,
    crediting_period_end: project.registry.crediting_period_end,
    issued_credits_total: quantity(totals.issued),
    retired_credits_total: quantity(totals.retired),
    issued_buffer_pool_credits_total: quantity(totals.issuedBuffer),
    retired_buffer_pool_credits_total: quantity(totals.retiredBuffer),
    location: supplier?.location ?? null,
  };
}
