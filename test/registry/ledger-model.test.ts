/**
 * Model-based property test of the credit ledger: random sequences of issuances, deliveries,
 * transfers, retirements (by batch and from oldest credits) and refunds, valid and invalid, run
 * against the ledger. After every command the whole ledger is recounted by brute force and
 * compared with the model kept by the test.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CreditLedgerError,
  parseSerialNumber,
  RETIREMENT_PURPOSES,
  type CreditBatchQuantityInput,
  type CreditBatchView,
  type CreditLedger,
  type RetirementPurposeValue,
} from '../../src/registry';
import { entry, fakeId, issuance, newLedger, ORG, PROJECT_A, PROJECT_B, SUPPLIER_A, SUPPLIER_B } from './fixtures';

type Pool = 'supplier' | 'buffer_pool';

/** What the test knows of a batch after the previous command. */
interface Known {
  readonly view: CreditBatchView;
  readonly size: bigint;
  readonly pool: Pool;
  readonly orderId: string | null;
}

interface Model {
  /** Every batch as it was after the previous command. */
  batches: Map<string, Known>;
  /** Issued kilograms per issuance, from the requests (not from the ledger). */
  issued: Map<string, bigint>;
  statements: number;
}

interface Real {
  readonly ledger: CreditLedger;
}

/** What a successful command did, for the checks. */
interface Effect {
  readonly kind: 'issuance' | 'delivery' | 'transfer' | 'retirement' | 'refund';
  /** Batches whose owner changed (deliveries, transfers, refunds) or that were retired. */
  readonly moved: ReadonlySet<string>;
  readonly to: string | null;
  readonly orderId: string | null;
  readonly issuance?: { readonly id: string; readonly kg: bigint; readonly pools: ReadonlyMap<string, Pool> };
}

const ORGS = Object.values(ORG).map((o) => o.id);
const SUPPLIERS = [
  { id: SUPPLIER_A, org: ORG.supplier, project: PROJECT_A },
  { id: SUPPLIER_B, org: ORG.supplierB, project: PROJECT_B },
] as const;
const SUPPLIER_ORG = new Map(SUPPLIERS.map((s) => [s.id, s.org.id]));
const ORDERS = [
  { id: fakeId('ord', 'ONE'), organisation: ORG.buyer, supplier_id: SUPPLIER_A },
  { id: fakeId('ord', 'TWO'), organisation: ORG.other, supplier_id: SUPPLIER_B },
  { id: fakeId('ord', 'THREE'), organisation: ORG.buyer, supplier_id: SUPPLIER_B },
] as const;
const UNKNOWN_BATCH = fakeId('ctb', 'UNKNOWN');

let commandsRun = 0;
let commandsRefused = 0;

// ---------------------------------------------------------------------------------------------
// Line specifications: resolved against the model when the command runs.

type QuantityMode = 'whole' | 'half' | 'one' | 'over' | 'zero' | 'negative' | 'fraction';
interface LineSpec {
  readonly source: 'own' | 'any' | 'unknown';
  readonly pick: number;
  readonly quantity: QuantityMode;
}

const lineSpec: fc.Arbitrary<LineSpec> = fc.record({
  source: fc.oneof(
    { arbitrary: fc.constant('own' as const), weight: 40 },
    { arbitrary: fc.constant('any' as const), weight: 2 },
    { arbitrary: fc.constant('unknown' as const), weight: 1 },
  ),
  pick: fc.nat(),
  quantity: fc.oneof(
    { arbitrary: fc.constant<QuantityMode>('whole'), weight: 4 },
    { arbitrary: fc.constant<QuantityMode>('half'), weight: 6 },
    { arbitrary: fc.constant<QuantityMode>('one'), weight: 3 },
    { arbitrary: fc.constantFrom<QuantityMode>('over', 'zero', 'negative', 'fraction'), weight: 1 },
  ),
});

const lineSpecs = fc.oneof(
  { arbitrary: fc.array(lineSpec, { minLength: 1, maxLength: 4 }), weight: 20 },
  { arbitrary: fc.constant([] as LineSpec[]), weight: 1 },
);

function activeOf(model: Model, owner: string, filter: (k: Known) => boolean): Known[] {
  const out: Known[] = [];
  for (const known of model.batches.values())
    if (known.view.status === 'active' && known.view.owner.id === owner && filter(known)) out.push(known);
  return out;
}

function resolveLines(model: Model, specs: readonly LineSpec[], own: readonly Known[]): CreditBatchQuantityInput[] {
  const all = [...model.batches.values()];
  // Own batches are drawn without replacement; once they run out, further 'own' lines are
  // dropped, so refusals come from the deliberately bad lines rather than from a small holding.
  const unused = [...own];
  const lines: CreditBatchQuantityInput[] = [];
  for (const spec of specs) {
    let batch: Known | undefined;
    if (spec.source === 'own' && unused.length > 0) {
      batch = unused.splice(spec.pick % unused.length, 1)[0];
    } else if (spec.source === 'own' && own.length > 0) {
      continue;
    } else if (spec.source !== 'unknown' && all.length > 0) {
      batch = all[spec.pick % all.length];
    }
    const size = batch?.size ?? 10n;
    const quantity: bigint | number =
      spec.quantity === 'whole'
        ? size
        : spec.quantity === 'half'
          ? size > 1n
            ? size / 2n
            : 1n
          : spec.quantity === 'one'
            ? 1n
            : spec.quantity === 'over'
              ? size + 1n
              : spec.quantity === 'zero'
                ? 0
                : spec.quantity === 'negative'
                  ? -1
                  : 0.5;
    lines.push({ credit_batch_id: batch?.view.id ?? UNKNOWN_BATCH, credit_quantity_kg: quantity });
  }
  return lines;
}

/** Whether every line is acceptable, by the rules of semantics.md 6, from the model alone. */
function linesValid(
  model: Model,
  lines: readonly CreditBatchQuantityInput[],
  owner: string,
  supplierId: string | null,
  bufferPoolOnly: boolean,
): boolean {
  if (lines.length === 0) return false;
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.credit_batch_id)) return false;
    seen.add(line.credit_batch_id);
    const known = model.batches.get(line.credit_batch_id);
    const q = line.credit_quantity_kg;
    if (known === undefined || known.view.status !== 'active' || known.view.owner.id !== owner) return false;
    if (supplierId !== null && known.view.supplier_id !== supplierId) return false;
    if (bufferPoolOnly && known.pool !== 'buffer_pool') return false;
    if (typeof q !== 'bigint' || q <= 0n || q > known.size) return false;
  }
  return true;
}

/** A holder (organisation, supplier) with active credits, chosen by `pick`; else any pair. */
function holder(model: Model, pick: number, bufferPool: boolean): { owner: string; supplierId: string } {
  const pairs = new Map<string, { owner: string; supplierId: string }>();
  for (const known of model.batches.values()) {
    if (known.view.status !== 'active' || (known.pool === 'buffer_pool') !== bufferPool) continue;
    pairs.set(`${known.view.owner.id} ${known.view.supplier_id}`, { owner: known.view.owner.id, supplierId: known.view.supplier_id });
  }
  const list = [...pairs.values()];
  const fallback = { owner: ORGS[pick % ORGS.length] ?? ORG.supplier.id, supplierId: SUPPLIERS[pick % 2]?.id ?? SUPPLIER_A };
  return list.length === 0 ? fallback : (list[pick % list.length] ?? fallback);
}

/** Another organisation than `from`, except now and then `from` itself (to be refused). */
function receiver(from: string, pick: number): string {
  if (pick % 20 === 0) return from;
  const others = ORGS.filter((o) => o !== from);
  return others[pick % others.length] ?? from;
}

// ---------------------------------------------------------------------------------------------
// Running a command: predict, execute, then check everything.

abstract class LedgerCommand implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }

  run(model: Model, real: Real): void {
    commandsRun += 1;
    const before = real.ledger.serialize();
    const plan = this.plan(model);
    let effect: Effect;
    try {
      effect = plan.execute(real.ledger);
    } catch (error) {
      if (!(error instanceof CreditLedgerError)) throw error;
      commandsRefused += 1;
      expect(error.problems.length, `${this.toString()} refused without problems`).toBeGreaterThan(0);
      expect(plan.valid, `${this.toString()} was refused: ${error.message}`).toBe(false);
      expect(real.ledger.serialize()).toBe(before);
      return;
    }
    expect(plan.valid, `${this.toString()} should have been refused`).toBe(true);
    checkAndAdvance(model, real.ledger, effect);
  }

  abstract plan(model: Model): { readonly valid: boolean; execute(ledger: CreditLedger): Effect };
  abstract toString(): string;
}

class IssueCommand extends LedgerCommand {
  constructor(
    readonly supplier: 0 | 1,
    readonly entries: readonly { readonly supplierKg: number; readonly bufferKg: number; readonly year: number }[],
    readonly broken: boolean,
  ) {
    super();
  }

  plan(model: Model) {
    const supplier = SUPPLIERS[this.supplier];
    const entries = this.entries.map((e, i) =>
      entry(this.broken && i === 0 ? -e.supplierKg - 1 : e.supplierKg, e.bufferKg, `${e.year}-03-15`),
    );
    model.statements += 1;
    const request = issuance(entries, {
      ghg_statement_id: fakeId('ggs', `M${model.statements}`),
      supplier_id: supplier.id,
      supplier_organisation: supplier.org,
      project_id: supplier.project,
    });
    return {
      valid: !this.broken,
      execute: (ledger: CreditLedger): Effect => {
        const issued = ledger.createIssuance(request);
        const batches = ledger.getIssuanceCreditBatches(issued.id);
        const pools = new Map<string, Pool>();
        for (const b of batches?.supplier_credit_batches ?? []) pools.set(b.id, 'supplier');
        for (const b of batches?.buffer_pool_credit_batches ?? []) pools.set(b.id, 'buffer_pool');
        const kg = this.entries.reduce((sum, e) => sum + BigInt(e.supplierKg) + BigInt(e.bufferKg), 0n);
        return { kind: 'issuance', moved: new Set(), to: null, orderId: null, issuance: { id: issued.id, kg, pools } };
      },
    };
  }

  toString(): string {
    return `issue(${this.supplier}, ${JSON.stringify(this.entries)}, broken=${this.broken})`;
  }
}

class TransferCommand extends LedgerCommand {
  constructor(
    readonly holderPick: number,
    readonly toPick: number,
    readonly lines: readonly LineSpec[],
    readonly longNotes: boolean,
  ) {
    super();
  }

  plan(model: Model) {
    const { owner, supplierId } = holder(model, this.holderPick, false);
    const to = receiver(owner, this.toPick);
    const lines = resolveLines(
      model,
      this.lines,
      activeOf(model, owner, (k) => k.view.supplier_id === supplierId),
    );
    return {
      valid: to !== owner && !this.longNotes && linesValid(model, lines, owner, supplierId, false),
      execute: (ledger: CreditLedger): Effect => {
        const t = ledger.createTransfer({
          from_organisation_id: owner,
          to_organisation_id: to,
          supplier_id: supplierId,
          credit_batch_quantities: lines,
          notes: this.longNotes ? 'n'.repeat(257) : 'ok',
        });
        return { kind: 'transfer', moved: new Set(ledger.getTransferCreditBatches(t.id)?.map((b) => b.id)), to, orderId: null };
      },
    };
  }

  toString(): string {
    return `transfer(${this.holderPick}, ${this.toPick}, ${JSON.stringify(this.lines)}, long=${this.longNotes})`;
  }
}

class DeliveryCommand extends LedgerCommand {
  constructor(
    readonly orderPick: number,
    readonly lines: readonly LineSpec[],
  ) {
    super();
  }

  plan(model: Model) {
    const served = ORDERS.filter(
      (o) => activeOf(model, SUPPLIER_ORG.get(o.supplier_id) ?? '', (k) => k.view.supplier_id === o.supplier_id).length > 0,
    );
    const choices = served.length > 0 && this.orderPick % 10 !== 0 ? served : ORDERS;
    const order = choices[this.orderPick % choices.length] ?? ORDERS[0];
    const owner = SUPPLIER_ORG.get(order.supplier_id) ?? '';
    const lines = resolveLines(
      model,
      this.lines,
      activeOf(model, owner, (k) => k.view.supplier_id === order.supplier_id),
    );
    return {
      valid: linesValid(model, lines, owner, order.supplier_id, false),
      execute: (ledger: CreditLedger): Effect => {
        const d = ledger.createDelivery({ order, credit_batch_quantities: lines, notes: null });
        return {
          kind: 'delivery',
          moved: new Set(ledger.getDeliveryCreditBatches(d.id)?.map((b) => b.id)),
          to: order.organisation.id,
          orderId: order.id,
        };
      },
    };
  }

  toString(): string {
    return `deliver(${this.orderPick}, ${JSON.stringify(this.lines)})`;
  }
}

class RetireCommand extends LedgerCommand {
  constructor(
    readonly holderPick: number,
    readonly beneficiaryPick: number,
    readonly lines: readonly LineSpec[],
    readonly purposes: readonly string[],
  ) {
    super();
  }

  plan(model: Model) {
    const { owner, supplierId } = holder(model, this.holderPick, this.holderPick % 5 === 0);
    const beneficiary = ORGS[this.beneficiaryPick % ORGS.length] ?? owner;
    const lines = resolveLines(
      model,
      this.lines,
      activeOf(model, owner, (k) => k.view.supplier_id === supplierId),
    );
    const purposesValid =
      this.purposes.length > 0 &&
      new Set(this.purposes).size === this.purposes.length &&
      this.purposes.every((p) => (RETIREMENT_PURPOSES as readonly string[]).includes(p));
    return {
      valid: purposesValid && linesValid(model, lines, owner, supplierId, false),
      execute: (ledger: CreditLedger): Effect => {
        const r = ledger.createRetirement({
          owner_organisation_id: owner,
          beneficiary_organisation_id: beneficiary,
          supplier_id: supplierId,
          retirement_purposes: this.purposes as RetirementPurposeValue[],
          notes: null,
          credit_batch_quantities: lines,
        });
        return { kind: 'retirement', moved: new Set(ledger.getRetirementCreditBatches(r.id)?.map((b) => b.id)), to: null, orderId: null };
      },
    };
  }

  toString(): string {
    return `retire(${this.holderPick}, ${this.beneficiaryPick}, ${JSON.stringify(this.lines)}, ${JSON.stringify(this.purposes)})`;
  }
}

class RetireOldestCommand extends LedgerCommand {
  constructor(
    readonly holderPick: number,
    /** Share of what the holder has, per mille (up to 1200: sometimes more than there is). */
    readonly perMille: number,
    /** Picks a vintage among those held, or one not held. */
    readonly vintagePick: number | null,
    /** Picks an order among those the credits were delivered against, or another. */
    readonly orderPick: number | null,
  ) {
    super();
  }

  plan(model: Model) {
    const { owner, supplierId } = holder(model, this.holderPick, false);
    const held = activeOf(model, owner, (k) => k.view.supplier_id === supplierId);
    const vintages = [...new Set(held.map((k) => Number(k.view.sequestered_on.slice(0, 4))))].sort().concat([2019]);
    const orders = [...new Set(held.map((k) => k.orderId).filter((o): o is string => o !== null))].sort().concat([fakeId('ord', 'NONE')]);
    const vintage = this.vintagePick === null ? null : (vintages[this.vintagePick % vintages.length] ?? null);
    const orderId = this.orderPick === null ? null : (orders[this.orderPick % orders.length] ?? null);
    const matching = held.filter(
      (k) => (vintage === null || k.view.sequestered_on.startsWith(String(vintage))) && (orderId === null || k.orderId === orderId),
    );
    const available = matching.reduce((sum, k) => sum + k.size, 0n);
    // Nothing matching: ask for a little anyway, which must be refused as insufficient.
    const quantity = available === 0n ? 1n + BigInt(this.perMille) : (available * BigInt(this.perMille)) / 1000n;
    return {
      valid: quantity > 0n && quantity <= available,
      execute: (ledger: CreditLedger): Effect => {
        const r = ledger.createRetirementFromOldestCredits({
          owner_organisation_id: owner,
          beneficiary_organisation_id: owner,
          supplier_id: supplierId,
          retirement_purposes: ['other'],
          notes: null,
          credit_quantity_kg: quantity,
          vintage,
          order_id: orderId,
        });
        const retired = ledger.getRetirementCreditBatches(r.id) ?? [];
        expect(r.credit_batch_size_total.credit_kgs).toBe(Number(quantity));
        // The batches taken are the oldest matching ones, in order; only the last may be partial.
        const oldest = [...matching].sort(
          (a, b) => Date.parse(a.view.issued_at) - Date.parse(b.view.issued_at) || (a.view.id < b.view.id ? -1 : 1),
        );
        retired.forEach((batch, i) => {
          const source = oldest[i];
          expect(batch.id === source?.view.id || batch.parent_id === source?.view.id).toBe(true);
          if (i < retired.length - 1) expect(batch.id).toBe(source?.view.id);
        });
        return { kind: 'retirement', moved: new Set(retired.map((b) => b.id)), to: null, orderId: null };
      },
    };
  }

  toString(): string {
    return `retireOldest(${this.holderPick}, ${this.perMille}, ${this.vintagePick}, ${this.orderPick})`;
  }
}

class RefundCommand extends LedgerCommand {
  constructor(
    readonly toPick: number,
    readonly lines: readonly LineSpec[],
  ) {
    super();
  }

  plan(model: Model) {
    const from = ORG.buffer.id;
    const to = receiver(from, this.toPick);
    const lines = resolveLines(
      model,
      this.lines,
      activeOf(model, from, (k) => k.pool === 'buffer_pool'),
    );
    return {
      valid: to !== from && linesValid(model, lines, from, null, true),
      execute: (ledger: CreditLedger): Effect => {
        const r = ledger.createRefund({ from_buffer_pool_organisation_id: from, to_organisation_id: to, credit_batch_quantities: lines });
        return { kind: 'refund', moved: new Set(ledger.getRefundCreditBatches(r.id)?.map((b) => b.id)), to, orderId: null };
      },
    };
  }

  toString(): string {
    return `refund(${this.toPick}, ${JSON.stringify(this.lines)})`;
  }
}

// ---------------------------------------------------------------------------------------------
// The checks, by brute force over every batch of the ledger.

function kgOf(batch: CreditBatchView): bigint {
  return BigInt(batch.size.credit_kgs);
}

/** A cheap assertion for the per-batch loops (vitest's expect is too slow for 10^6 checks). */
function must(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

function checkAndAdvance(model: Model, ledger: CreditLedger, effect: Effect): void {
  const views = ledger.listCreditBatches();
  const next = new Map<string, Known>();

  for (const view of views) {
    const previous = model.batches.get(view.id);
    const size = kgOf(view);
    let pool: Pool;
    let orderId: string | null;
    if (previous !== undefined) {
      pool = previous.pool;
      orderId = previous.orderId;
      const was = previous.view;
      must(size === previous.size, () => `size of ${view.id} changed`);
      // Retired and split are final.
      if (was.status === 'retired') {
        must(
          view.status === 'retired' &&
            view.retirement_id === was.retirement_id &&
            view.retired_at === was.retired_at &&
            view.owner.id === was.owner.id &&
            view.beneficiary?.id === was.beneficiary?.id,
          () => `retired batch ${view.id} changed`,
        );
      }
      if (was.status === 'split') {
        must(
          view.status === 'split' && view.left_child_id === was.left_child_id && view.right_child_id === was.right_child_id,
          () => `split batch ${view.id} changed`,
        );
      }
      // Ownership changes only through delivery, transfer and refund, and only for moved batches.
      if (view.owner.id !== was.owner.id) {
        must(
          effect.kind !== 'retirement' && effect.kind !== 'issuance' && effect.moved.has(view.id),
          () => `${view.id} changed owner in a ${effect.kind} without moving`,
        );
      }
    } else if (view.parent_id !== null) {
      const parent = model.batches.get(view.parent_id);
      must(parent !== undefined, () => `${view.id} has a parent ${view.parent_id ?? ''} that did not exist before`);
      pool = parent?.pool ?? 'supplier';
      orderId = parent?.orderId ?? null;
      must(effect.moved.has(view.id) || view.owner.id === parent?.view.owner.id, () => `child ${view.id} that did not move changed owner`);
    } else {
      must(
        effect.kind === 'issuance' && view.issuance_id === effect.issuance?.id,
        () => `root batch ${view.id} appeared in a ${effect.kind}`,
      );
      pool = effect.issuance?.pools.get(view.id) ?? 'supplier';
      orderId = null;
      must(
        view.owner.id === (pool === 'supplier' ? SUPPLIER_ORG.get(view.supplier_id) : ORG.buffer.id),
        () => `issued batch ${view.id} has the wrong owner`,
      );
    }
    if (effect.moved.has(view.id)) {
      if (effect.kind === 'retirement') must(view.status === 'retired', () => `${view.id} was not retired`);
      else must(view.owner.id === effect.to, () => `${view.id} did not reach ${effect.to ?? ''}`);
      if (effect.kind === 'delivery') orderId = effect.orderId;
    }
    next.set(view.id, { view, size, pool, orderId });
  }
  // No batch disappears.
  for (const id of model.batches.keys()) must(next.has(id), () => `batch ${id} disappeared`);
  if (effect.issuance !== undefined) model.issued.set(effect.issuance.id, effect.issuance.kg);

  // Conservation and serial ranges: each split batch is exactly its two children, the left one
  // first; leaves are positive; the leaves of each issuance add up to what it issued; the issued
  // ranges of an issuance do not overlap.
  const leavesPerIssuance = new Map<string, bigint>();
  const rangesPerIssuance = new Map<string, [bigint, bigint][]>();
  const ranges = new Map<string, [bigint, bigint]>();
  for (const { view } of next.values()) {
    const parts = parseSerialNumber(view.serial_number);
    must(parts !== undefined, () => `unreadable serial ${view.serial_number}`);
    ranges.set(view.id, [parts?.first_unit ?? 0n, parts?.last_unit ?? -1n]);
  }
  for (const { view, size } of next.values()) {
    const [first, last] = ranges.get(view.id) ?? [0n, -1n];
    must(last - first + 1n === size, () => `serial range of ${view.id} does not match its size`);
    if (view.status === 'split') {
      const left = next.get(view.left_child_id ?? '');
      const right = next.get(view.right_child_id ?? '');
      must(left?.view.parent_id === view.id && right?.view.parent_id === view.id, () => `children of ${view.id} do not point back`);
      must((left?.size ?? 0n) + (right?.size ?? 0n) === size, () => `children of ${view.id} do not add up`);
      const [lf, ll] = ranges.get(left?.view.id ?? '') ?? [0n, 0n];
      const [rf, rl] = ranges.get(right?.view.id ?? '') ?? [0n, 0n];
      must(lf === first && rf === ll + 1n && rl === last, () => `children of ${view.id} do not partition its range`);
    } else {
      must(size > 0n, () => `leaf ${view.id} is empty`);
      must(view.left_child_id === null && view.right_child_id === null, () => `leaf ${view.id} has children`);
      leavesPerIssuance.set(view.issuance_id, (leavesPerIssuance.get(view.issuance_id) ?? 0n) + size);
    }
    if (view.parent_id === null) {
      const list = rangesPerIssuance.get(view.issuance_id) ?? [];
      list.push([first, last]);
      rangesPerIssuance.set(view.issuance_id, list);
    }
  }
  for (const [issuanceId, kg] of model.issued) {
    must((leavesPerIssuance.get(issuanceId) ?? 0n) === kg, () => `leaves of ${issuanceId} do not add up to ${kg}`);
    const roots = (rangesPerIssuance.get(issuanceId) ?? []).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (let i = 1; i < roots.length; i++) must((roots[i]?.[0] ?? 0n) > (roots[i - 1]?.[1] ?? 0n), () => `ranges of ${issuanceId} overlap`);
  }

  // Balances equal a recount of the leaves (retired credits count for the owner: default policy).
  type Pair = [bigint, bigint];
  interface Recount {
    total: Pair;
    bySupplier: Map<string, Pair>;
    byProject: Map<string, Pair>;
    byOrder: Map<string, Pair>;
  }
  const recount = new Map<string, Recount>();
  const bump = (map: Map<string, Pair>, key: string, a: bigint, r: bigint) => {
    const t = map.get(key) ?? [0n, 0n];
    map.set(key, [t[0] + a, t[1] + r]);
  };
  for (const { view, size, orderId } of next.values()) {
    if (view.status === 'split') continue;
    const entry = recount.get(view.owner.id) ?? { total: [0n, 0n], bySupplier: new Map(), byProject: new Map(), byOrder: new Map() };
    const [a, r] = view.status === 'active' ? [size, 0n] : [0n, size];
    entry.total = [entry.total[0] + a, entry.total[1] + r];
    bump(entry.bySupplier, view.supplier_id, a, r);
    bump(entry.byProject, view.project_id, a, r);
    if (orderId !== null) bump(entry.byOrder, orderId, a, r);
    recount.set(view.owner.id, entry);
  }
  const flatten = (map: Map<string, Pair> | undefined) =>
    [...(map ?? [])]
      .filter(([, [a, r]]) => a !== 0n || r !== 0n)
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .map(([id, [a, r]]) => [id, Number(a), Number(r)]);
  const shown = (
    list: readonly {
      readonly total: { readonly active_credits_total: { credit_kgs: number }; readonly retired_credits_total: { credit_kgs: number } };
    }[],
    key: (i: number) => string,
  ) => list.map((b, i) => [key(i), b.total.active_credits_total.credit_kgs, b.total.retired_credits_total.credit_kgs]);
  for (const org of ORGS) {
    const expected = recount.get(org);
    const balance = ledger.getCreditBalance(org);
    expect([balance.active_credits_total.credit_kgs, balance.retired_credits_total.credit_kgs], `balance of ${org}`).toEqual([
      Number(expected?.total[0] ?? 0n),
      Number(expected?.total[1] ?? 0n),
    ]);
    const full = ledger.getOrganisationCreditBalance(org);
    expect(shown(full.supplier_balances, (i) => full.supplier_balances[i]?.supplier_id ?? '')).toEqual(flatten(expected?.bySupplier));
    expect(shown(full.project_balances, (i) => full.project_balances[i]?.project_id ?? '')).toEqual(flatten(expected?.byProject));
    expect(shown(full.order_balances, (i) => full.order_balances[i]?.order_id ?? '')).toEqual(flatten(expected?.byOrder));
  }
  expect(ledger.counts().active_credit_batches).toBe(views.filter((v) => v.status === 'active').length);
  model.batches = next;
}

// ---------------------------------------------------------------------------------------------

const issueArb: fc.Arbitrary<fc.Command<Model, Real>> = fc
  .tuple(
    fc.constantFrom<0 | 1>(0, 1),
    fc.array(
      fc.record({
        supplierKg: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
        bufferKg: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 })),
        year: fc.integer({ min: 2021, max: 2024 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }),
  )
  .map(([s, e, broken]) => new IssueCommand(s, e, broken));

const transferArb = fc
  .tuple(
    fc.nat(),
    fc.nat(),
    lineSpecs,
    fc.oneof({ arbitrary: fc.constant(false), weight: 15 }, { arbitrary: fc.constant(true), weight: 1 }),
  )
  .map(([h, t, l, n]) => new TransferCommand(h, t, l, n));
const deliveryArb = fc.tuple(fc.nat(), lineSpecs).map(([o, l]) => new DeliveryCommand(o, l));
const purposesArb = fc.oneof(
  { arbitrary: fc.subarray([...RETIREMENT_PURPOSES], { minLength: 1 }), weight: 15 },
  { arbitrary: fc.constantFrom<string[]>([], ['other', 'other'], ['bogus']), weight: 1 },
);
const retireArb = fc.tuple(fc.nat(), fc.nat(), lineSpecs, purposesArb).map(([h, b, l, p]) => new RetireCommand(h, b, l, p));
/** null three times out of four. */
function rarely<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });
}

const retireOldestArb = fc
  .tuple(fc.nat(), fc.integer({ min: 0, max: 1_200 }), rarely(fc.nat()), rarely(fc.nat()))
  .map(([h, s, v, o]) => new RetireOldestCommand(h, s, v, o));
const refundArb = fc.tuple(fc.nat(), lineSpecs).map(([t, l]) => new RefundCommand(t, l));

const allCommands = [
  // fc.commands picks uniformly among these, so repetition sets the mix.
  issueArb,
  transferArb,
  transferArb,
  transferArb,
  deliveryArb,
  deliveryArb,
  retireArb,
  retireArb,
  retireOldestArb,
  refundArb,
] as fc.Arbitrary<fc.Command<Model, Real>>[];

describe('credit ledger, model-based', () => {
  afterAll(() => {
    // The sequences must be long and mix accepted and refused requests.
    expect(commandsRun).toBeGreaterThan(2_000);
    expect(commandsRefused).toBeGreaterThan(commandsRun / 20);
    expect(commandsRefused).toBeLessThan(commandsRun / 2);
  });

  it('conserves credits, keeps retirement final, moves ownership only by transaction, keeps balances exact, and leaves refused requests without trace', () => {
    fc.assert(
      fc.property(fc.commands(allCommands, { maxCommands: 600, size: 'max' }), (commands) => {
        const ledger = newLedger();
        // Start with credits of both suppliers so early commands have something to act on.
        const model: Model = { batches: new Map(), issued: new Map(), statements: 0 };
        const real: Real = { ledger };
        new IssueCommand(0, [{ supplierKg: 100_000, bufferKg: 5_000, year: 2022 }], false).run(model, real);
        new IssueCommand(1, [{ supplierKg: 40_000, bufferKg: 2_000, year: 2023 }], false).run(model, real);
        fc.modelRun(() => ({ model, real }), commands);
      }),
      { seed: 20250101, numRuns: 10, endOnFailure: true },
    );
  });
});
