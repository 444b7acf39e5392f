/**
 * The entry phase of a preparation (docs/rules.md#evaluating-a-ghg-entry and docs/rules.md#statement-and-project-components): unique ids, attributions of
 * known components, factors in (0, 1] (a legacy factor datapoint dimensionless), one attribution
 * of a component per entry, and the shares of one component summing to at most 1 across entries,
 * statements and manual project attributions. The attributions become columns
 * (prepared-graph.ts `PreparedEntries`), each entry's own first, then those its statement or project adds.
 * Internal to preparation.
 *
 * Owns: entry and attribution problems, the attribution columns and the share check. May import:
 * model (types), units, id-index.ts, the context and the earlier phases, prepared-graph.ts
 * and statements.ts (types).
 */
import type { ComponentType, GraphAttribution, GraphGhgEntry, IssuePath } from '../../model';
import { isDimensionless } from '../../units';
import { IdIndex } from './id-index';
import type { ComponentPhase } from './components';
import { attributionPath, problem, unreadableItem, type PrepareContext } from './context';
import type { DatapointColumns } from './datapoints';
import type { ScopedAttribution } from './statement-parts';
import type { PreparedAttributions, PreparedEntries } from './prepared-graph';

/** What the entry phase hands on: the entries with their own attributions, and the share bookkeeping. */
export class EntryBuilder {
  /** First index of each entry id. */
  readonly index: IdIndex;
  private readonly ids: string[] = [];
  private readonly risks: (number | null)[] = [];
  /** Entry e's own attributions are rows `start[e]` to `start[e + 1] - 1`. */
  private readonly start: Int32Array;
  private readonly own: AttributionColumns;
  // By component (document index): its total share and where its last attribution was made, an
  // entry's by its indices, a statement's or project's by its path (those come after every entry's).
  // `shareOrder` lists the components in order of first attribution, the order of their problems
  // (its first `shareOrderLength` elements: at most one per component).
  private readonly shareTotal: Float64Array;
  private readonly shareEntry: Int32Array;
  private readonly shareAttribution: Int32Array;
  private readonly sharePath = new Map<number, IssuePath>();
  private readonly shareOrder: Int32Array;
  private shareOrderLength = 0;
  private readonly attributed: Uint8Array;
  /** The entry that last attributed each component: a second attribution in one entry is a duplicate. */
  private readonly lastEntryOf: Int32Array;
  /** The component after the one attributed last: where the next attribution most often points (id-index.ts). */
  private nextComponent = 0;

  constructor(
    private readonly context: PrepareContext,
    private readonly datapoints: DatapointColumns,
    private readonly components: ComponentPhase,
  ) {
    const entryCount = context.graph.ghg_entries.length;
    const componentCount = context.graph.components.length;
    this.index = new IdIndex(entryCount);
    this.start = new Int32Array(entryCount + 1);
    // About five attributions an entry; grown by doubling when a graph has more.
    this.own = new AttributionColumns(Math.max(16, 5 * entryCount));
    this.shareTotal = new Float64Array(componentCount);
    this.shareEntry = new Int32Array(componentCount);
    this.shareAttribution = new Int32Array(componentCount);
    this.attributed = new Uint8Array(componentCount);
    this.shareOrder = new Int32Array(componentCount);
    this.lastEntryOf = new Int32Array(componentCount).fill(-1);
  }

  /** Checks every entry and its attributions. */
  addAll(): void {
    const entryCount = this.context.graph.ghg_entries.length;
    for (let e = 0; e < entryCount; e++) this.addOne(e, this.context.graph.ghg_entries[e]);
  }

  /** Checks entry e (undefined: unreadable) and its attributions: entries are added in document order (streaming.ts). */
  addOne(e: number, entry: GraphGhgEntry | undefined): void {
    this.add(e, entry);
    this.start[e + 1] = this.own.length;
  }

  private add(e: number, entry: GraphGhgEntry | undefined): void {
    const { context } = this;
    if (entry === undefined) {
      this.ids.push(unreadableItem(context.broken, 'ghg_entries', e, this.index));
      this.risks.push(null);
      return;
    }
    const id = entry.id;
    if (this.index.add(id, e) >= 0)
      problem(context, ['ghg_entries', e, 'id'], 'duplicate_id', `GHG entry id '${id}' is used more than once`);
    this.ids.push(id);
    this.risks.push(entry.risk_of_reversal_percentage ?? null);
    const attributions = entry.component_attributions;
    const refused = context.broken?.refusedAttributions.get(e);
    for (let a = 0; a < attributions.length; a++) {
      // An attribution refused for an unknown key has its own issue; read without the key it would
      // count with the default factor and report a share over 1 on another entry.
      if (refused?.has(a) === true) continue;
      this.addAttribution(e, id, a, attributions[a] as GraphAttribution);
    }
  }

  /** Checks attribution a of entry e and, when it is valid and its component is, adds it. */
  private addAttribution(e: number, entryId: string, a: number, attribution: GraphAttribution): void {
    const { context } = this;
    const componentId = attribution.component_id;
    const c = this.components.index.getNear(componentId, this.nextComponent);
    if (c < 0) {
      problem(
        context,
        attributionPath(e, a, 'component_id'),
        'unknown_component',
        `GHG entry '${entryId}' attributes component '${componentId}', which the document does not define${context.hints.hint(componentId, this.components.index.names())}`,
      );
      return;
    }
    if (this.lastEntryOf[c] === e) {
      problem(
        context,
        attributionPath(e, a, 'component_id'),
        'duplicate_attribution',
        `GHG entry '${entryId}' attributes component '${componentId}' more than once`,
      );
      return;
    }
    this.lastEntryOf[c] = e;
    this.nextComponent = c + 1;
    let factor = attribution.attribution_factor ?? 1;
    let factorDatapoint = -1;
    const legacy = attribution.attribution_factor_datapoint_id;
    if (legacy !== null && legacy !== undefined) {
      if (attribution.attribution_factor !== null && attribution.attribution_factor !== undefined) {
        problem(
          context,
          attributionPath(e, a),
          'ambiguous_attribution',
          `attribution of component '${componentId}' gives both attribution_factor and attribution_factor_datapoint_id; give one`,
        );
        return;
      }
      factorDatapoint = this.factorDatapoint(e, a, legacy);
      if (factorDatapoint < 0) return;
      factor = this.datapoints.siMagnitudes[factorDatapoint] as number;
    }
    this.count(c, factor);
    this.shareEntry[c] = e;
    this.shareAttribution[c] = a;
    const prepared = this.components.componentOfDocument[c] as number;
    if (prepared < 0) return; // the component itself is invalid and was reported
    this.own.pushOwn(prepared, factor, factorDatapoint, this.signOf(prepared));
  }

  /** The datapoint of a legacy factor, -1 (the problem reported) when it is not a usable factor. */
  private factorDatapoint(e: number, a: number, legacy: string): number {
    const { context } = this;
    const d = this.datapoints.index.get(legacy);
    if (d < 0) {
      problem(
        context,
        attributionPath(e, a, 'attribution_factor_datapoint_id'),
        'unknown_datapoint',
        `attribution factor datapoint '${legacy}' is not defined in the document${context.hints.hint(legacy, this.datapoints.index.names())}`,
      );
      return -1;
    }
    const dimension = this.datapoints.dimension[d] as number;
    if (dimension < 0) return -1;
    if (!isDimensionless(context.dimensions.dimension(dimension))) {
      problem(
        context,
        attributionPath(e, a, 'attribution_factor_datapoint_id'),
        'unit_incompatible',
        `attribution factor datapoint '${legacy}' has unit '${this.datapoints.units[d]}'; an attribution factor must be dimensionless`,
      );
      return -1;
    }
    const factor = this.datapoints.siMagnitudes[d] as number;
    if (!(factor > 0 && factor <= 1)) {
      problem(
        context,
        attributionPath(e, a, 'attribution_factor_datapoint_id'),
        'attribution_out_of_range',
        `attribution factor datapoint '${legacy}' has value ${factor}; a factor must be greater than 0 and at most 1`,
      );
      return -1;
    }
    return d;
  }

  /** Counts a share of component c (document index) against its 100 %. */
  private count(c: number, factor: number): void {
    if (this.attributed[c] === 0) {
      this.attributed[c] = 1;
      this.shareOrder[this.shareOrderLength++] = c;
    }
    this.shareTotal[c] = (this.shareTotal[c] as number) + factor;
  }

  /** +1 or -1 for prepared component c, by its type and the sign policy. */
  private signOf(prepared: number): 1 | -1 {
    const type: ComponentType = (this.components.components.blueprint[prepared] as { type: ComponentType }).type;
    return this.context.policies.componentSigns[type];
  }

  /**
   * The entries with their own attributions and those statements and projects add; a manual
   * project attribution counts against its component's 100 % like any other.
   */
  entries(added: readonly ScopedAttribution[]): PreparedEntries {
    for (const attribution of added) {
      if (attribution.shareSlot !== undefined || attribution.scope !== 'PROJECT') continue;
      const c = this.components.components.documentIndex[attribution.component] as number;
      this.count(c, attribution.factor);
      this.sharePath.set(c, attribution.path);
    }
    const count = this.ids.length;
    return { count, ids: this.ids, riskOfReversalPercentage: this.risks, ...this.withAdded(added) };
  }

  /** The attribution columns: each entry's own rows, then the rows added to it, in the order added. */
  private withAdded(added: readonly ScopedAttribution[]): { attributionStart: Int32Array; attributions: PreparedAttributions } {
    const count = this.ids.length;
    if (added.length === 0) return { attributionStart: this.start, attributions: this.own.done() };
    const byEntry: ScopedAttribution[][] = Array.from({ length: count }, () => []);
    for (const attribution of added) byEntry[attribution.entry]?.push(attribution);
    const all = new AttributionColumns(this.own.length + added.length);
    const attributionStart = new Int32Array(count + 1);
    for (let e = 0; e < count; e++) {
      for (let a = this.start[e] as number; a < (this.start[e + 1] as number); a++) all.copy(this.own, a);
      for (const attribution of byEntry[e] as ScopedAttribution[]) {
        all.push({
          component: attribution.component,
          factor: attribution.factor,
          factorDatapoint: -1,
          sign: this.signOf(attribution.component),
          scope: attribution.scope === 'PROJECT' ? 2 : 1,
          shareSlot: attribution.shareSlot ?? -1,
          divisor: attribution.divisor ?? Number.NaN,
        });
      }
      attributionStart[e + 1] = all.length;
    }
    return { attributionStart, attributions: all.done() };
  }

  /** The id of document component c when it was prepared (a releasing preparation drops the items of valid components). */
  private preparedId(c: number): string | undefined {
    const prepared = this.components.componentOfDocument[c] as number;
    return prepared < 0 ? undefined : this.components.components.ids[prepared];
  }

  /** Reports every component attributed more than 100 % in total, in order of first attribution. */
  checkShares(): void {
    const { context } = this;
    for (let k = 0; k < this.shareOrderLength; k++) {
      const c = this.shareOrder[k] as number;
      const total = this.shareTotal[c] as number;
      if (total <= 1 + context.policies.attributionTolerance) continue;
      const id = context.graph.components[c]?.id ?? this.preparedId(c) ?? context.broken?.brokenIds.components.get(c) ?? '';
      const path = this.sharePath.get(c) ?? attributionPath(this.shareEntry[c] as number, this.shareAttribution[c] as number);
      problem(
        context,
        path,
        'attribution_over_one',
        `component '${id}' is attributed ${Number(total.toPrecision(12))} in total across GHG entries; the shares of one component must not exceed 1`,
      );
    }
  }
}

/** One row of the attribution columns, as prepared-graph.ts `PreparedAttributions` reads it (scope by its code). */
interface AttributionRow {
  readonly component: number;
  readonly factor: number;
  readonly factorDatapoint: number;
  readonly sign: number;
  /** 0 (the entry's own) when absent. */
  readonly scope?: number;
  /** -1 (no amortised share) when absent. */
  readonly shareSlot?: number;
  /** NaN (not split) when absent. */
  readonly divisor?: number;
}

/** Growable attribution columns (prepared-graph.ts `PreparedAttributions`). */
class AttributionColumns {
  length = 0;
  private component: Int32Array;
  private factor: Float64Array;
  private factorDatapoint: Int32Array;
  private sign: Float64Array;
  private scope: Uint8Array;
  private shareSlot: Int32Array;
  private divisor: Float64Array;

  constructor(capacity: number) {
    this.component = new Int32Array(capacity);
    this.factor = new Float64Array(capacity);
    this.factorDatapoint = new Int32Array(capacity);
    this.sign = new Float64Array(capacity);
    this.scope = new Uint8Array(capacity);
    this.shareSlot = new Int32Array(capacity);
    this.divisor = new Float64Array(capacity);
  }

  /**
   * Adds an entry's own attribution, as {@link push} without scope, shareSlot and divisor would:
   * from numbers rather than a row object (100,000s of them, 2 MB of garbage in issue 16's graph).
   */
  pushOwn(component: number, factor: number, factorDatapoint: number, sign: number): void {
    if (this.length === this.component.length) this.grow();
    const at = this.length++;
    this.component[at] = component;
    this.factor[at] = factor;
    this.factorDatapoint[at] = factorDatapoint;
    this.sign[at] = sign;
    this.scope[at] = 0;
    this.shareSlot[at] = -1;
    this.divisor[at] = Number.NaN;
  }

  /** Adds a row (an entry's own attribution when scope, shareSlot and divisor are left out). */
  push(row: AttributionRow): void {
    if (this.length === this.component.length) this.grow();
    const at = this.length++;
    this.component[at] = row.component;
    this.factor[at] = row.factor;
    this.factorDatapoint[at] = row.factorDatapoint;
    this.sign[at] = row.sign;
    this.scope[at] = row.scope ?? 0;
    this.shareSlot[at] = row.shareSlot ?? -1;
    this.divisor[at] = row.divisor ?? Number.NaN;
  }

  /** Adds a copy of row `row` of `other`. */
  copy(other: AttributionColumns, row: number): void {
    this.push({
      component: other.component[row] as number,
      factor: other.factor[row] as number,
      factorDatapoint: other.factorDatapoint[row] as number,
      sign: other.sign[row] as number,
      scope: other.scope[row] as number,
      shareSlot: other.shareSlot[row] as number,
      divisor: other.divisor[row] as number,
    });
  }

  done(): PreparedAttributions {
    const n = this.length;
    return {
      component: this.component.subarray(0, n),
      factor: this.factor.subarray(0, n),
      factorDatapoint: this.factorDatapoint.subarray(0, n),
      sign: this.sign.subarray(0, n),
      scope: this.scope.subarray(0, n),
      shareSlot: this.shareSlot.subarray(0, n),
      divisor: this.divisor.subarray(0, n),
    };
  }

  private grow(): void {
    const capacity = 2 * this.component.length;
    const grownInt = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    const grownFloat = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    this.component = grownInt(this.component);
    this.factor = grownFloat(this.factor);
    this.factorDatapoint = grownInt(this.factorDatapoint);
    this.sign = grownFloat(this.sign);
    const scope = new Uint8Array(capacity);
    scope.set(this.scope);
    this.scope = scope;
    this.shareSlot = grownInt(this.shareSlot);
    this.divisor = grownFloat(this.divisor);
  }
}
