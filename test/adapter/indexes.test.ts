/**
 * The incremental indexes and the list routes against the full rebuild they replaced
 * (reference-indexes.ts) and a filtered scan of the tables: random sequences (fast-check, fixed
 * seed) of requests through handle() (creates, updates, the statement lifecycle, refused requests,
 * some of which roll back after writing) and of transactions that write at random and then fail,
 * must leave every index, every read and every page of every list exactly as the full rebuild and
 * a scan would give them, walked forward and backward by cursor.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mergedList } from '../../src/adapter/store/merged-list';
import { listOf } from '../../src/adapter/store/pagination';
import type { DatapointRow, StatementRow } from '../../src/adapter/rows';
import type { SandboxWithState } from '../../src/adapter/sandbox';
import { Sequence } from '../../src/adapter/store/sequence';
import { isCompatible } from '../../src/units';
import type { ServiceState } from '../../src/adapter/state';
import { Client, demoSandbox, IDS, removalBody, sampleBody, type Who } from './fixtures';
import { referenceIndexes, referenceKey, type ReferenceIndexes } from './reference-indexes';

type Page = {
  nodes: { id?: string; key?: string }[];
  page_info: { has_previous_page: boolean; start_cursor: string | null; has_next_page: boolean; end_cursor: string | null };
  total_count: number;
};

const ORGS = { supplierA: IDS.orgA, supplierB: IDS.orgB, verifier: 'org_01JDEMOVERIFIER0000000' } as const;
const VIEWERS: readonly (keyof typeof ORGS)[] = ['supplierA', 'supplierB', 'verifier'];
const UNITS = ['t', '%', 'kWh', 'l', 'kgCO2e/l'] as const;
const REFERENCES = ['r-1', 'r-2', 'r-3', 'r-4', 'r-5', 'r-6', 'r-7', 'r-8'];

// ------------------------------------------------------------------------------------------------
// Operations

const opArbitrary = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('datapoint' as const),
      who: fc.constantFrom('supplierA' as const, 'supplierB' as const),
      unit: fc.nat(UNITS.length - 1),
      ref: fc.nat(REFERENCES.length - 1),
      magnitude: fc.integer({ min: 1, max: 90 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('removal' as const),
      picks: fc.array(fc.nat(50), { minLength: 6, maxLength: 6 }),
      ref: fc.nat(REFERENCES.length - 1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('patchQuantity' as const),
      pick: fc.nat(100),
      wrongUnit: fc.boolean(),
      magnitude: fc.integer({ min: 1, max: 90 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('patchSources' as const), pick: fc.nat(100), add: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('attribute' as const), pick: fc.nat(20), add: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('statement' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('submit' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('verify' as const), pick: fc.nat(20), fail: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('issue' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lifecycle' as const), depth: fc.integer({ min: 2, max: 4 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('component' as const),
      who: fc.constantFrom('supplierA' as const, 'supplierB' as const),
      picks: fc.array(fc.nat(50), { minLength: 2, maxLength: 2 }),
      ref: fc.nat(REFERENCES.length - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sample' as const), ref: fc.nat(REFERENCES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('submission' as const), process: fc.boolean(), pick: fc.nat(20) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('rollback' as const),
      steps: fc.array(fc.tuple(fc.nat(9), fc.nat(100)), { minLength: 1, maxLength: 6 }),
    }),
  },
);
type Op = typeof opArbitrary extends fc.Arbitrary<infer T> ? T : never;

function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

const datapointsOf = (state: ServiceState, owner: string, unit?: string): DatapointRow[] =>
  state.datapoints.rows().filter((d) => d.owner === owner && (unit === undefined || d.quantity.unit === unit));

let ghost = 0;

/** Writes at random (rows that need not make sense: they never outlive the transaction), then fails. */
function failingTransaction(state: ServiceState, steps: readonly (readonly [number, number])[]): void {
  expect(() =>
    state.store.transaction(() => {
      for (const [action, n] of steps) {
        const datapoints = state.datapoints.rows();
        const attributions = state.attributions.rows();
        const statements = state.statements.rows();
        const removals = state.removals.rows();
        ghost += 1;
        switch (action) {
          case 0: {
            const base = pick(datapoints, n) as DatapointRow;
            state.datapoints.insert({
              ...base,
              id: `dtp_01GHOST${String(ghost).padStart(18, '0')}`,
              owner: n % 2 === 0 ? IDS.orgA : IDS.orgB,
              supplier_reference_id: `ghost-${ghost}`,
            });
            break;
          }
          case 1: {
            const d = pick(datapoints, n) as DatapointRow;
            state.datapoints.update({
              ...d,
              source_ids: [...d.source_ids, IDS.weighbridgeSource],
              supplier_reference_id: `ghost-${ghost}`,
            });
            break;
          }
          case 2: {
            const a = pick(attributions, n);
            if (a !== undefined) state.attributions.delete(a.id);
            break;
          }
          case 3: {
            const s = pick(statements, n);
            const status = n % 2 === 0 ? 'AWAITING_VERIFICATION' : 'CREDITS_ISSUED';
            if (s !== undefined)
              state.statements.update({ ...s, verifier_organisation_id: ORGS.verifier, record: { ...s.record, status } } as StatementRow);
            break;
          }
          case 4: {
            const c = pick(state.components.rows(), n);
            const d = pick(datapoints, n + 1) as DatapointRow;
            if (c !== undefined)
              state.components.insert({
                ...c,
                id: `cmp_01GHOST${String(ghost).padStart(18, '0')}`,
                inputs: [{ input_key: 'x', datapoint_ids: [d.id] }],
                supplier_reference_id: `ghost-${ghost}`,
              });
            break;
          }
          case 5: {
            const a = pick(attributions, n);
            const r = pick(removals, n + 1);
            if (a !== undefined && r !== undefined) state.attributions.update({ ...a, removal_id: r.id });
            break;
          }
          case 6: {
            const d = pick(datapoints, n) as DatapointRow;
            state.datapoints.delete(d.id);
            break;
          }
          case 7: {
            const t = state.templates.rows()[0];
            const d = pick(datapoints, n) as DatapointRow;
            if (t !== undefined) {
              const [group, ...groups] = t.groups;
              if (group !== undefined) {
                const [component, ...components] = group.components;
                if (component !== undefined) {
                  const inputs = component.inputs.map((input, i) => (i === 0 ? { ...input, datapoint_id: d.id } : input));
                  state.templates.update({
                    ...t,
                    groups: [{ ...group, components: [{ ...component, inputs }, ...components] }, ...groups],
                  });
                }
              }
            }
            break;
          }
          case 8: {
            state.submissions.insert({
              id: `dus_01GHOST${String(ghost).padStart(18, '0')}`,
              owner: n % 2 === 0 ? IDS.orgA : IDS.orgB,
              file_upload_id: IDS.fileUpload,
              submission_type: 'dac_facility_time_series',
              status: 'pending',
              facility_id: IDS.facility,
              storage_location_id: null,
              error_message: null,
              created_at: '2026-06-01T00:00:00.000Z',
            });
            break;
          }
          default: {
            const s = pick(state.measurementSamples.rows(), n);
            if (s !== undefined) state.measurementSamples.delete(s.id);
          }
        }
        // Mid-transaction the indexes follow the writes (handlers read them between writes); what
        // they build then (the exposure, at the changed state) must not survive the rollback.
        if (n % 3 === 0) expectIndexesAsRebuilt(state);
      }
      throw new Error('rolled back');
    }),
  ).toThrow('rolled back');
}

/** Runs one operation; returns the status of the request (0 for a failing transaction). */
async function run(client: Client, op: Op): Promise<number> {
  const { state } = client.sandbox;
  const statements = state.statements.rows();
  const removals = state.removals.rows();
  // Mostly a statement the step applies to; every third time any statement (a refusal, often).
  const inStatus = (wanted: readonly string[], n: number) =>
    n % 3 === 2 ? statements : statements.filter((s) => wanted.includes(s.record.status));
  const status = async (who: Who, method: string, path: string, body?: unknown) => (await client.request(who, method, path, body)).status;
  switch (op.kind) {
    case 'datapoint': {
      const unit = UNITS[op.unit] as string;
      return status(op.who, 'POST', '/mrv/v0/datapoints', {
        supplier_reference_id: REFERENCES[op.ref],
        display_name: `Datapoint ${unit} ${op.magnitude}`,
        type: 'REPORTED',
        quantity: { magnitude: unit === '%' ? 60 + (op.magnitude % 30) : op.magnitude, unit, standard_deviation: 0.1 },
        description: '',
        source_ids: [],
        project_id: op.who === 'supplierA' ? IDS.projectA : IDS.projectB,
      });
    }
    case 'removal': {
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = op.picks;
      const of = (unit: string, n: number) => pick(datapointsOf(state, IDS.orgA, unit), n)?.id ?? '';
      const carbon = [...new Set([of('%', b), of('%', c)])];
      return status(
        'supplierA',
        'POST',
        '/mrv/v0/removals',
        removalBody(REFERENCES[op.ref] as string, {
          dryMass: of('t', a),
          carbon,
          feedMass: of('t', d),
          energy: of('kWh', e),
          diesel: of('l', f),
        }),
      );
    }
    case 'patchQuantity': {
      const d = pick(datapointsOf(state, IDS.orgA), op.pick) as DatapointRow;
      const unit = op.wrongUnit ? 'km' : d.quantity.unit;
      return status('supplierA', 'PATCH', `/mrv/v0/datapoints/${d.id}`, {
        quantity: { magnitude: d.quantity.unit === '%' ? 60 + (op.magnitude % 30) : op.magnitude, unit, standard_deviation: 0.2 },
      });
    }
    case 'patchSources': {
      const d = pick(datapointsOf(state, IDS.orgA), op.pick) as DatapointRow;
      return status('supplierA', 'PATCH', `/mrv/v0/datapoints/${d.id}`, { source_ids: op.add ? [IDS.labSource] : [] });
    }
    case 'attribute': {
      const r = pick(removals, op.pick);
      if (r === undefined) return 0;
      const body = op.add
        ? {
            components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: 0.3 }],
            components_to_remove: [],
          }
        : { components_to_add: [], components_to_remove: [IDS.sharedComponent] };
      return status('supplierA', 'PATCH', `/mrv/v0/removals/${r.id}/component_attributions`, body);
    }
    case 'statement':
      return status('supplierA', 'POST', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-12-31' });
    case 'submit': {
      const s = pick(inStatus(['DRAFT', 'FAILED_VERIFICATION'], op.pick), op.pick);
      return s === undefined
        ? 0
        : status('supplierA', 'POST', `/mrv/v0/ghg_statements/${s.id}/submit`, {
            ghg_statement_report_url: 'https://reports.example/s.pdf',
          });
    }
    case 'verify': {
      const s = pick(inStatus(['AWAITING_VERIFICATION'], op.pick), op.pick);
      return s === undefined
        ? 0
        : status(
            'verifier',
            'POST',
            `/sandbox/v0/ghg_statements/${s.id}/verify`,
            op.fail ? { outcome: 'FAILED_VERIFICATION', reason: 'no' } : {},
          );
    }
    case 'issue': {
      const s = pick(inStatus(['VERIFIED'], op.pick), op.pick);
      return s === undefined ? 0 : status('verifier', 'POST', `/sandbox/v0/ghg_statements/${s.id}/issue_credits`);
    }
    case 'lifecycle': {
      // A new statement of the draft entries taken as far as `depth` steps go (each may be refused).
      const created = await client.request('supplierA', 'POST', '/mrv/v0/ghg_statements', {
        project_id: IDS.projectA,
        end_on: '2026-12-31',
      });
      if (created.status !== 200) return created.status;
      const id = (created.body as { id: string }).id;
      const steps: [Who, string, unknown][] = [
        ['supplierA', `/mrv/v0/ghg_statements/${id}/submit`, { ghg_statement_report_url: 'https://reports.example/s.pdf' }],
        ['verifier', `/sandbox/v0/ghg_statements/${id}/verify`, {}],
        ['verifier', `/sandbox/v0/ghg_statements/${id}/issue_credits`, undefined],
      ];
      let last = 200;
      for (const [who, path, body] of steps.slice(0, op.depth - 1)) {
        last = await status(who, 'POST', path, body);
        if (last !== 200) break;
      }
      return last;
    }
    case 'component': {
      const owner = ORGS[op.who];
      const [v = 0, f = 0] = op.picks;
      const volume = pick(datapointsOf(state, owner, 'l'), v)?.id ?? IDS.dieselA;
      const factor = pick(datapointsOf(state, owner, 'kgCO2e/l'), f)?.id ?? 'dtp_01JA0DIESELFACTOR000';
      return status(op.who, 'POST', '/mrv/v0/components', {
        supplier_reference_id: REFERENCES[op.ref],
        project_id: op.who === 'supplierA' ? IDS.projectA : IDS.projectB,
        component_blueprint_key: 'diesel_combustion',
        display_name: 'Diesel',
        activity_started_at: '2026-01-01T00:00:00Z',
        activity_completed_at: '2026-01-02T00:00:00Z',
        inputs: [
          { input_key: 'volume', datapoint_ids: [volume] },
          { input_key: 'emission_factor', datapoint_ids: [factor] },
        ],
      });
    }
    case 'sample':
      return status('supplierA', 'POST', '/mrv/v0/measurement_samples', sampleBody(REFERENCES[op.ref] as string));
    case 'submission': {
      if (op.process) {
        const s = pick(state.submissions.rows(), op.pick);
        return s === undefined
          ? 0
          : status('supplierA', 'POST', `/sandbox/v0/data-upload-submissions/${s.id}/process`, { status: 'completed' });
      }
      const upload = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/file-uploads', {
        content_type: 'application/vnd.apache.parquet',
        content_length: 10,
        file_name: 'a.parquet',
      });
      return status('supplierA', 'POST', '/mrv/v0/data-upload-submissions', {
        file_upload_id: upload.id,
        submission_type: 'dac_facility_time_series',
        facility_id: IDS.facility,
      });
    }
    case 'rollback':
      failingTransaction(state, op.steps);
      return 0;
  }
}

// ------------------------------------------------------------------------------------------------
// The indexes against the full rebuild

const sorted = <V>(map: ReadonlyMap<string, V>): [string, V][] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function everyId(state: ServiceState): string[] {
  const tables = [
    state.projects,
    state.statements,
    state.removals,
    state.attributions,
    state.components,
    state.datapoints,
    state.sources,
    state.templates,
    state.measurementSamples,
  ];
  return tables.flatMap((t) => t.rows().map((r) => r.id));
}

/** Every supplier reference (owner, reference) used so far, removed and rolled-back ones included. */
const referencesSeen = new Set<string>();

function expectIndexesAsRebuilt(state: ServiceState): void {
  const ref: ReferenceIndexes = referenceIndexes(state);
  const idx = state.indexes;
  const grouped = <T>(keys: Iterable<string>, get: (key: string) => T[]) => new Map([...keys].map((k) => [k, get(k)]));

  expect(sorted(grouped(idx.attributionsByRemoval.keys(), (k) => idx.attributionsByRemoval.rows(k)))).toEqual(
    sorted(ref.attributionsByRemoval),
  );
  expect(sorted(grouped(idx.attributionsByComponent.keys(), (k) => idx.attributionsByComponent.rows(k)))).toEqual(
    sorted(ref.attributionsByComponent),
  );
  expect(
    sorted(grouped(idx.attributionsByFactorDatapoint.keys(), (k) => idx.attributionsByFactorDatapoint.rows(k).map((a) => a.removal_id))),
  ).toEqual(sorted(ref.factorRemovalsByDatapoint));
  expect(sorted(grouped(idx.componentsByDatapoint.keys(), (k) => idx.componentsByDatapoint.ids(k)))).toEqual(
    sorted(ref.componentsByDatapoint),
  );

  const datapointIds = [...new Set([...state.datapoints.rows().map((d) => d.id), ...ref.templateComponentsByDatapoint.keys()])];
  for (const d of datapointIds) {
    expect(
      idx.templates.usesOf(d).map((u) => u.component.id),
      `template components of ${d}`,
    ).toEqual(ref.templateComponentsByDatapoint.get(d) ?? []);
  }
  for (const [id, place] of ref.templateComponents) expect(idx.templates.component(id)).toEqual(place);
  for (const [id, place] of ref.templateGroups) expect(idx.templates.group(id)).toEqual(place);

  for (const id of new Set([...everyId(state), ...ref.exposure.keys()])) {
    const mine = idx.exposure.of(id);
    const theirs = ref.exposure.get(id);
    const shape = (e: { public: boolean; verifiers: ReadonlySet<string> } | undefined) =>
      e === undefined ? undefined : { public: e.public, verifiers: [...e.verifiers].sort() };
    expect(shape(mine), `exposure of ${id}`).toEqual(shape(theirs));
  }
  for (const d of new Set([...datapointIds, ...ref.verifiedDatapoints]))
    expect(idx.exposure.isVerifiedDatapoint(d), `locked ${d}`).toBe(ref.verifiedDatapoints.has(d));

  for (const key of ref.references.keys()) referencesSeen.add(key);
  for (const key of referencesSeen) {
    const [owner = '', reference = ''] = key.split('\u0000');
    expect(idx.references.usedBy(owner, reference), `reference ${reference} of ${owner}`).toBe(
      ref.references.get(referenceKey(owner, reference)),
    );
  }

  for (const owner of [IDS.orgA, IDS.orgB, ORGS.verifier]) {
    expect(idx.datapointsByOwner.ids(owner)).toEqual(
      state.datapoints
        .rows()
        .filter((d) => d.owner === owner)
        .map((d) => d.id),
    );
    expect(idx.measurementSamplesByOwner.ids(owner)).toEqual(
      state.measurementSamples
        .rows()
        .filter((m) => m.owner === owner)
        .map((m) => m.id),
    );
    expect(idx.submissionsByOwner.ids(owner)).toEqual(
      state.submissions
        .rows()
        .filter((s) => s.owner === owner)
        .map((s) => s.id),
    );
    for (const status of ['pending', 'completed', 'failed']) {
      expect(idx.submissionsByOwnerStatus.ids(`${owner}+${status}`)).toEqual(
        state.submissions
          .rows()
          .filter((s) => s.owner === owner && s.status === status)
          .map((s) => s.id),
      );
    }
  }
  // The credit batches of each organisation by issue date hold exactly its batches, in creation order.
  for (const owner of new Set(state.organisations.rows().map((o) => o.id))) {
    const held = state.ledgerEntries
      .rows()
      .filter((e) => e.kind === 'credit_batch' && state.ledger.getCreditBatch(e.id)?.owner.id === owner);
    expect(
      idx.batchDates.range(owner, null, null).map((e) => e.row.id),
      `batches of ${owner} by date`,
    ).toEqual(held.map((e) => e.id));
  }
  for (const project of [IDS.projectA, IDS.projectB]) {
    expect(idx.measurementSamplesByProject.ids(project)).toEqual(
      state.measurementSamples
        .rows()
        .filter((m) => m.project_id === project)
        .map((m) => m.id),
    );
    expect(idx.templatesByProject.ids(project)).toEqual(
      state.templates
        .rows()
        .filter((t) => t.project_id === project)
        .map((t) => t.id),
    );
  }
}

// ------------------------------------------------------------------------------------------------
// Reads and list pages against a scan of the tables

/** Visibility as interface.md 1 and semantics.md 7 have it, from the full rebuild. */
function visibility(ref: ReferenceIndexes, viewer: string) {
  const exposed = (id: string) => {
    const e = ref.exposure.get(id);
    return e !== undefined && (e.public || e.verifiers.has(viewer));
  };
  return { see: (row: { id: string; owner: string }) => row.owner === viewer || exposed(row.id) };
}

/** Walks `path` forward by `first`/`after` and backward by `last`/`before`; both walks must give `expected`. */
async function expectWalk(client: Client, who: Who | null, path: string, expected: readonly string[], size: number): Promise<void> {
  const sep = path.includes('?') ? '&' : '?';
  const idOf = (n: { id?: string; key?: string }) => n.id ?? n.key ?? '';
  const forward: string[] = [];
  let after = '';
  for (let guard = 0; guard <= expected.length + 1; guard++) {
    const page = await client.ok<Page>(who, 'GET', `${path}${sep}first=${size}${after}`);
    expect(page.total_count, path).toBe(expected.length);
    expect(page.page_info.has_previous_page, path).toBe(forward.length > 0);
    forward.push(...page.nodes.map(idOf));
    expect(page.page_info.has_next_page, path).toBe(forward.length < expected.length);
    if (!page.page_info.has_next_page) break;
    after = `&after=${encodeURIComponent(page.page_info.end_cursor ?? '')}`;
  }
  expect(forward, `${path} forward`).toEqual(expected);
  const backward: string[] = [];
  let before = '';
  for (let guard = 0; guard <= expected.length + 1; guard++) {
    const page = await client.ok<Page>(who, 'GET', `${path}${sep}last=${size}${before}`);
    expect(page.total_count, path).toBe(expected.length);
    expect(page.page_info.has_next_page, path).toBe(backward.length > 0);
    backward.unshift(...page.nodes.map(idOf));
    expect(page.page_info.has_previous_page, path).toBe(backward.length < expected.length);
    if (!page.page_info.has_previous_page) break;
    before = `&before=${encodeURIComponent(page.page_info.start_cursor ?? '')}`;
  }
  expect(backward, `${path} backward`).toEqual(expected);
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** The datapoint list of one caller, unfiltered, against a scan. */
async function expectDatapointList(client: Client, who: keyof typeof ORGS, size: number): Promise<void> {
  const { state } = client.sandbox;
  const { see } = visibility(referenceIndexes(state), ORGS[who]);
  await expectWalk(client, who, '/mrv/v0/datapoints', ids(state.datapoints.rows().filter(see)), size);
}

/** Every read and list of every caller against a scan of the tables. */
async function expectReadsAndLists(client: Client): Promise<void> {
  const { state } = client.sandbox;
  const ref = referenceIndexes(state);
  for (const who of VIEWERS) {
    const viewer = ORGS[who];
    const { see } = visibility(ref, viewer);
    const datapoints = state.datapoints.rows().filter(see);
    const missing = 404;

    for (const d of state.datapoints.rows()) {
      const response = await client.get(who, `/mrv/v0/datapoints/${d.id}`);
      expect(response.status, `read ${d.id}`).toBe(see(d) ? 200 : missing);
      if (response.status === 200) {
        const locked =
          d.measurement_sample_id !== null
            ? 'locked_measurement_sample_datapoint'
            : ref.verifiedDatapoints.has(d.id)
              ? 'locked_used_in_verified_removal'
              : 'not_locked';
        expect((response.body as { locked_status: string }).locked_status).toBe(locked);
      }
    }
    for (const r of state.removals.rows()) expect((await client.get(who, `/mrv/v0/removals/${r.id}`)).status).toBe(see(r) ? 200 : missing);

    await expectWalk(client, who, '/mrv/v0/datapoints', ids(datapoints), 2);
    await expectWalk(
      client,
      who,
      `/mrv/v0/datapoints?project_id=${IDS.projectA}`,
      ids(datapoints.filter((d) => d.project_id === IDS.projectA)),
      3,
    );
    await expectWalk(
      client,
      who,
      '/mrv/v0/datapoints?display_name_contains=t%2025',
      ids(datapoints.filter((d) => d.display_name.toLowerCase().includes('t 25'))),
      3,
    );
    for (const kind of ['mass', 'energy', 'volume'] as const) {
      await expectWalk(
        client,
        who,
        `/mrv/v0/datapoints?quantity_kind=${kind}`,
        ids(datapoints.filter((d) => isCompatible(d.quantity.unit, kind).ok)),
        3,
      );
    }
    await expectWalk(
      client,
      who,
      '/mrv/v0/datapoints?used_in_scope=REMOVAL',
      ids(datapoints.filter((d) => ref.componentsByDatapoint.has(d.id))),
      3,
    );
    await expectWalk(
      client,
      who,
      `/mrv/v0/datapoints?measurement_sample_id=${IDS.sample}`,
      ids(datapoints.filter((d) => d.measurement_sample_id === IDS.sample)),
      2,
    );
    for (const r of state.removals.rows().slice(0, 2)) {
      const used = new Set<string>();
      if (see(r)) {
        for (const a of ref.attributionsByRemoval.get(r.id) ?? []) {
          if (a.attribution_factor_datapoint_id !== null) used.add(a.attribution_factor_datapoint_id);
          for (const input of state.components.get(a.component_id)?.inputs ?? []) for (const id of input.datapoint_ids) used.add(id);
        }
      }
      await expectWalk(client, who, `/mrv/v0/datapoints?used_in_ghg_entry=${r.id}`, ids(datapoints.filter((d) => used.has(d.id))), 3);
      if (see(r))
        await expectWalk(client, who, `/mrv/v0/removals/${r.id}/component_attributions`, ids(ref.attributionsByRemoval.get(r.id) ?? []), 2);
    }
    await expectWalk(client, who, '/mrv/v0/measurement_samples', ids(state.measurementSamples.rows().filter(see)), 1);
    await expectWalk(
      client,
      who,
      '/mrv/v0/component_blueprints',
      state.blueprints.rows().map((b) => b.id),
      4,
    );
    for (const project of state.projects.rows()) {
      const path = `/mrv/v0/projects/${project.id}/removal_templates`;
      if (see(project))
        await expectWalk(client, who, path, ids(state.templates.rows().filter((t) => t.project_id === project.id && see(t))), 1);
      else expect((await client.get(who, path)).status).toBe(missing);
    }
    for (const d of datapoints) {
      const using = new Set(ref.componentsByDatapoint.get(d.id) ?? []);
      await expectWalk(
        client,
        who,
        `/mrv/v0/datapoints/${d.id}/components`,
        ids(state.components.rows().filter((c) => using.has(c.id) && see(c))),
        1,
      );
      const defaults = new Set(ref.templateComponentsByDatapoint.get(d.id) ?? []);
      const expected = state.templates
        .rows()
        .filter((t) => see(t))
        .flatMap((t) => t.groups.flatMap((g) => g.components.filter((c) => defaults.has(c.id)).map((c) => c.id)));
      await expectWalk(client, who, `/mrv/v0/datapoints/${d.id}/removal_template_components`, expected, 1);
    }
    const own = state.submissions.rows().filter((s) => s.owner === viewer);
    await expectWalk(client, who, '/mrv/v0/data-upload-submissions', ids(own), 2);
    await expectWalk(client, who, '/mrv/v0/data-upload-submissions?status=pending', ids(own.filter((s) => s.status === 'pending')), 2);
  }
}

// ------------------------------------------------------------------------------------------------

describe('incremental indexes', () => {
  test('random requests and failing transactions leave indexes, reads and pages as a full rebuild and a scan give them', async () => {
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 10, maxLength: 40 }), fc.nat(3), async (ops, viewer) => {
        const sandbox: SandboxWithState = demoSandbox({
          onInternalError: (error) => {
            throw error;
          },
        });
        const client = new Client(sandbox);
        expectIndexesAsRebuilt(sandbox.state);
        for (const op of ops) {
          const before = sandbox.state.snapshot();
          const status = await run(client, op);
          const key = `${op.kind} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          expect(status, op.kind).toBeLessThan(500);
          if (op.kind !== 'lifecycle' && (status === 0 || status >= 400))
            expect(sandbox.state.snapshot(), `${op.kind} answered ${status} but changed the state`).toBe(before);
          expectIndexesAsRebuilt(sandbox.state);
          await expectDatapointList(client, VIEWERS[viewer] ?? 'supplierA', 3);
        }
        await expectReadsAndLists(client);
      }),
      { seed: 20260601, numRuns: 40 },
    );
    // The mix reaches what it is for: exposure through the statement lifecycle, refusals after writes.
    for (const key of [
      'submit 200',
      'verify 200',
      'issue 200',
      'lifecycle 200',
      'patchQuantity 422',
      'patchQuantity 409',
      'datapoint 409',
      'removal 200',
      'attribute 200',
    ]) {
      expect(statuses.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  }, 240_000);

  test('an index added to a table that has rows is told of them first', () => {
    const sandbox = demoSandbox();
    const { state } = sandbox;
    const seen: string[] = [];
    state.datapoints.observe({ inserted: (row) => seen.push(row.id), updated: () => undefined, deleted: () => undefined });
    expect(seen).toEqual(ids(state.datapoints.rows()));
  });
});

describe('sequences and merged lists', () => {
  test('a sequence stays sorted through adds and removes in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 60 })), { maxLength: 120 }), (steps) => {
        const sequence = new Sequence();
        const expected = new Map<number, string>();
        for (const [add, seq] of steps) {
          if (add && !expected.has(seq)) {
            sequence.add(`id-${seq}`, seq);
            expected.set(seq, `id-${seq}`);
          } else if (!add) {
            sequence.remove(seq);
            expected.delete(seq);
          }
        }
        const seqs = [...expected.keys()].sort((a, b) => a - b);
        expect(sequence.ids()).toEqual(seqs.map((s) => expected.get(s)));
        for (let s = 0; s <= 61; s++) {
          expect(sequence.countBelow(s)).toBe(seqs.filter((x) => x < s).length);
          expect(sequence.countAtMost(s)).toBe(seqs.filter((x) => x <= s).length);
        }
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  test('a merged list answers counts and slices as the materialised list does', () => {
    const table = demoSandbox().state.datapoints;
    const all = table.sequenced();
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 80 }),
        fc.array(fc.nat(3), { minLength: 80, maxLength: 80 }),
        fc.nat(90),
        fc.nat(90),
        (seqs, parts, a, b) => {
          // Parts: disjoint subsets of stored rows, each given made-up sequence numbers in ascending order.
          const entries = seqs
            .slice(0, all.length)
            .sort((x, y) => x - y)
            .map((seq, i) => ({ seq, row: (all[i] as { row: DatapointRow }).row, part: parts[i] ?? 0 }));
          const sequences = [new Sequence(), new Sequence(), new Sequence(), new Sequence()];
          for (const e of entries) (sequences[e.part] as Sequence).add(e.row.id, e.seq);
          const merged = mergedList(
            {
              ...table,
              kind: table.kind,
              entry: (id: string) => {
                const e = entries.find((x) => x.row.id === id);
                return e === undefined ? undefined : { seq: e.seq, row: e.row };
              },
            } as unknown as typeof table,
            sequences,
          );
          const flat = listOf(entries.map((e) => ({ seq: e.seq, row: e.row })));
          expect(merged.size).toBe(flat.size);
          for (const s of [0, a, b, a + b, 401]) {
            expect(merged.countBelow(s)).toBe(flat.countBelow(s));
            expect(merged.countAtMost(s)).toBe(flat.countAtMost(s));
          }
          const from = Math.min(a, b) % (entries.length + 1);
          const to = Math.min(entries.length, from + (Math.max(a, b) % 7));
          expect(merged.slice(from, to).map((e) => [e.seq, e.row.id])).toEqual(flat.slice(from, to).map((e) => [e.seq, e.row.id]));
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});
