/**
 * Running balances per organisation, kept up to date by every transaction so a balance read never
 * scans batches: O(1) per adjustment and per total read.
 */

/** Active and retired kilograms. */
export class Tally {
  active = 0n;
  retired = 0n;
}

/** Balances of one organisation: overall and by supplier, project and order. */
export class OrganisationTotals {
  readonly total = new Tally();
  readonly bySupplier = new Map<string, Tally>();
  readonly byProject = new Map<string, Tally>();
  readonly byOrder = new Map<string, Tally>();
}

function tallyOf(map: Map<string, Tally>, key: string): Tally {
  let tally = map.get(key);
  if (tally === undefined) {
    tally = new Tally();
    map.set(key, tally);
  }
  return tally;
}

function add(tally: Tally, active: bigint, retired: bigint): void {
  tally.active += active;
  tally.retired += retired;
}

/** The running balances of every organisation that ever held credits. */
/** What of a credit batch its tallies are kept by: its supplier and project, and its order once delivered. */
export interface TalliedBatch {
  readonly origin: { readonly supplierId: string; readonly projectId: string };
  readonly orderId: string | null;
}

export class RunningTotals {
  readonly byOrganisation = new Map<string, OrganisationTotals>();

  /**
   * Adds signed amounts to an organisation's balances for credits of `batch`'s supplier, project
   * and (when delivered) order. O(1).
   */
  adjust(organisationId: string, batch: TalliedBatch, active: bigint, retired: bigint): void {
    const { supplierId, projectId } = batch.origin;
    const { orderId } = batch;
    let totals = this.byOrganisation.get(organisationId);
    if (totals === undefined) {
      totals = new OrganisationTotals();
      this.byOrganisation.set(organisationId, totals);
    }
    add(totals.total, active, retired);
    add(tallyOf(totals.bySupplier, supplierId), active, retired);
    add(tallyOf(totals.byProject, projectId), active, retired);
    if (orderId !== null) add(tallyOf(totals.byOrder, orderId), active, retired);
  }
}
