/**
 * What has been delivered against an order, from the credit ledger's deliveries: the credit ledger
 * checks a delivery against it, and the registry's order view shows it.
 * May import: rows.ts, state.ts.
 */
import type { OrderRow } from '../../rows';
import type { ServiceState } from '../../state';

/** What has been delivered against an order: the kilograms so far, and when it was first fully delivered. */
export interface OrderProgress {
  readonly deliveredKg: number;
  /** The instant of the delivery that first reached the quantity ordered; null before (and for an order of 0 kg). */
  readonly fulfilledAt: string | null;
}

/**
 * The deliveries against an order, in the order they were made, added up: `fulfilled_at` is the
 * delivery that first completed the order and never moves afterwards (docs/service.md#orders-and-deliveries).
 */
export function orderProgress(state: ServiceState, order: OrderRow): OrderProgress {
  let deliveredKg = 0;
  let fulfilledAt: string | null = null;
  for (const id of state.indexes.ledger.ids(`delivery|order|${order.id}`)) {
    const delivery = state.ledger.getDelivery(id);
    if (delivery === undefined) continue;
    deliveredKg += delivery.credit_batch_size_total.credit_kgs;
    if (fulfilledAt === null && order.credits_ordered_kg > 0 && deliveredKg >= order.credits_ordered_kg)
      fulfilledAt = delivery.delivered_at;
  }
  return { deliveredKg, fulfilledAt };
}
