// Loads `count` credit batches into a sandbox's state in one issuance, held by `buyerId` through a
// supplier of its own: the ledger is called directly, since the API would take minutes for
// 100,000 batches. Shared by the list-cost test and bench/list-filters.mjs (which bundles it).
import type { ServiceState } from '../../src/adapter/state';
import { organisationView } from '../../src/adapter/resources/views';

/** Issues `count` batches of 1,000 kg to a supplier of `buyerId` in `projectId`; returns the issuance id. */
export function issueBuyerBatches(state: ServiceState, buyerId: string, projectId: string, count: number): string {
  const buyer = organisationView(state, buyerId);
  const supplierId = 'spl_LOAD0000000000000000000';
  const bufferPool = state.organisations.rows().find((o) => o.buffer_pool);
  if (bufferPool === undefined) throw new Error('the world has no buffer pool organisation');
  state.ledger.registerSupplier({ id: supplierId, organisation: buyer });
  const issuance = state.ledger.createIssuance({
    ghg_statement_id: 'ggs_LOAD0000000000000000000',
    project_id: projectId,
    supplier_id: supplierId,
    supplier_organisation: buyer,
    buffer_pool_organisation: organisationView(state, bufferPool.id),
    country_of_issue: 'DEU',
    registry_code: 'ISO',
    pathway_code: 'BSTORE',
    project_code: 'LOAD',
    entries: Array.from({ length: count }, (_, e) => ({
      ghg_entry_id: `rmv_LOAD${String(e).padStart(22, '0')}`,
      sequestered_on: '2026-03-01',
      supplier_allocation_kg: 1000,
      buffer_pool_contribution_kg: 0,
      carbon_removal_data: {
        counterfactuals_kg: 0,
        emissions_kg: 0,
        gross_carbon_removed_kg: 1000,
        losses_kg: 0,
        net_carbon_removed_kg: 1000,
      },
    })),
  });
  state.recordIssuance(issuance.id);
  return issuance.id;
}
