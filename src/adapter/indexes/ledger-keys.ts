/**
 * The keys under which a record of the credit ledger is listed (the registry lists page through
 * them, see resources/credit-ledger/routes.ts): its kind alone, and `kind|field|value` for each field a list
 * filters it by (the owner of a credit batch, the supplier of an issuance or delivery, the parties of
 * a transfer, ...). The keys of a record are recomputed whenever a transaction changes it, so a
 * list by key is a sequence kept in creation order, read a page at a time.
 */
import type { CreditLedger } from '../../registry';
import type { LedgerKind } from '../rows';

/** The key of the records of `kind` whose `field` is `value`. */
export function ledgerKey(kind: LedgerKind, field?: string, value?: string): string {
  return field === undefined ? kind : `${kind}|${field}|${value ?? ''}`;
}

/** The keys of a ledger record as it is now (none when the ledger does not know it). */
export function ledgerKeys(ledger: CreditLedger, kind: LedgerKind, id: string): string[] {
  const keys: string[] = [kind];
  const add = (field: string, value: string | null | undefined): void => {
    if (value !== null && value !== undefined) keys.push(ledgerKey(kind, field, value));
  };
  switch (kind) {
    case 'credit_batch': {
      const b = ledger.getCreditBatch(id);
      add('owner', b?.owner.id);
      add('issuance', b?.issuance_id);
      if (b === undefined) break;
      // An organisation's batches by each field its list filters on: a filtered list reads those only.
      const owned: readonly (readonly [string, string | null])[] = [
        ['supplier', b.supplier_id],
        ['project', b.project_id],
        ['issuance', b.issuance_id],
        ['delivery', b.delivery_id],
        ['order', b.delivery_id === null ? null : (ledger.getDelivery(b.delivery_id)?.order_id ?? null)],
        ['retirement', b.retirement_id],
        ['status', b.status],
      ];
      for (const [field, value] of owned) add(`owner+${field}`, value === null ? null : `${b.owner.id}+${value}`);
      break;
    }
    case 'issuance': {
      const i = ledger.getIssuance(id);
      add('supplier', i?.supplier.id);
      add('project', i?.project_id);
      break;
    }
    case 'delivery': {
      const d = ledger.getDelivery(id);
      add('supplier', d?.from_supplier.id);
      add('to', d?.to_organisation.id);
      add('order', d?.order_id);
      break;
    }
    case 'transfer': {
      const t = ledger.getTransfer(id);
      add('from', t?.from_organisation.id);
      add('to', t?.to_organisation.id);
      // A transfer is seen by its two parties: one key each (one when they are the same).
      add('party', t?.from_organisation.id);
      if (t !== undefined && t.to_organisation.id !== t.from_organisation.id) add('party', t.to_organisation.id);
      break;
    }
    case 'retirement': {
      const r = ledger.getRetirement(id);
      add('owner', r?.owner.id);
      add('beneficiary', r?.beneficiary.id);
      break;
    }
    case 'refund':
      break;
  }
  return keys;
}
