/**
 * End to end over real HTTP: `cdr-engine serve` on 127.0.0.1 (ephemeral port), the demo world, and
 * the life of a GHG entry from its datapoints to retired credits. Every figure is checked against
 * `evaluateGraph` on the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluateGraph } from '../../src/accounting';
import type { RemovalGraphInput } from '../../src/model';
import {
  creditBatchSchema,
  deliverySchema,
  issuanceCreditBatchesSchema,
  organisationCreditBalanceSchema,
  retirementSchema,
  transferSchema,
} from '../../src/adapter/resources/credit-ledger/schemas';
import { componentAttributionSchema, removalSchema } from '../../src/adapter/resources/removals/schemas';
import { componentSchema } from '../../src/adapter/resources/components/schemas';
import { ghgStatementSchema } from '../../src/adapter/resources/ghg-statements/schemas';
import { paginatedListSchema } from '../../src/model/shapes';
import { serveCommand } from '../../src/cli/serve';
import { serviceOpenApiDocument } from '../../src/adapter/openapi/openapi';
import { DEMO_WORLD, expectShape, IDS, SECRET, TOKENS, type Who } from './fixtures';
import { bundleServe, spawnServe } from './serve-process';

async function startServe(args: string[] = ['--port', '0']) {
  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  let resolveUrl: (url: string) => void = () => undefined;
  const urlReady = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  const io = {
    out: (text: string) => {
      out.push(text);
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match !== null) resolveUrl(match[1] as string);
    },
    err: (text: string) => err.push(text),
  };
  const exit = serveCommand(args, io, stop.signal);
  const url = await Promise.race([urlReady, exit.then((code) => Promise.reject(new Error(`serve exited ${code}: ${err.join('')}`)))]);
  return { url, out, exit, stop: () => stop.abort() };
}

function http(url: string) {
  return async (who: Who | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-client-secret': SECRET };
    if (who !== null) headers.authorization = `Bearer ${TOKENS[who]}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
}

describe('cdr-engine serve', () => {
  test('prints the address and the demo credentials, answers like handle, stops cleanly', async () => {
    const server = await startServe();
    try {
      const printed = server.out.join('');
      expect(printed).toContain('x-client-secret: demo-client-secret');
      expect(printed).toContain(`OpenAPI document: ${server.url}/openapi.json`);
      expect(printed).toContain('Authorization: Bearer demo-token-supplier-a');
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const call = http(server.url);
      const blueprints = await call('buyer', 'GET', '/mrv/v0/component_blueprints?first=2');
      expect(blueprints.status).toBe(200);
      expect(blueprints.headers.get('content-type')).toBe('application/json');
      const methodNotAllowed = await call('buyer', 'PUT', '/mrv/v0/datapoints');
      expect(methodNotAllowed.status).toBe(405);
      expect(methodNotAllowed.headers.get('allow')).toBe('GET, POST');
      const unauthorized = await call(null, 'GET', '/mrv/v0/data-upload-submissions');
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer');
      const malformed = await fetch(`${server.url}/mrv/v0/datapoints`, {
        method: 'POST',
        headers: { 'x-client-secret': SECRET, authorization: `Bearer ${TOKENS.supplierA}`, 'content-type': 'application/json' },
        body: '{"a": }',
      });
      expect(malformed.status).toBe(422);
      expect(((await malformed.json()) as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['body', 6]);
      // The service's own OpenAPI document, without credentials (a document, not an operation).
      const document = await fetch(`${server.url}/openapi.json`, { signal: AbortSignal.timeout(10_000) });
      expect(document.status).toBe(200);
      expect(await document.json()).toEqual(serviceOpenApiDocument());
      const root = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(10_000) });
      expect(root.status).toBe(200);
      expect(((await root.json()) as { openapi: string }).openapi).toBe('/openapi.json');
      const deleted = await call('supplierA', 'DELETE', `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeUndefined();
      const huge = await fetch(`${server.url}/mrv/v0/datapoints`, {
        method: 'POST',
        headers: { 'x-client-secret': SECRET, 'content-type': 'application/json' },
        body: 'x'.repeat(2 * 1024 * 1024),
      }).catch(() => null);
      if (huge !== null) expect(huge.status).toBe(413);
    } finally {
      server.stop();
    }
    expect(await server.exit).toBe(0);
    expect(server.out.join('')).toContain('stopped');
  });

  test.each(['SIGINT', 'SIGTERM'] as const)('a separate process stops cleanly on %s', async (signal) => {
    // The command as its own process: bundled from the sources (esbuild comes with tsup), fed the demo world.
    const dir = mkdtempSync(join(tmpdir(), 'cdr-serve-'));
    try {
      const server = await spawnServe(await bundleServe(dir), []);
      expect((await http(server.url)('buyer', 'GET', '/mrv/v0/component_blueprints?first=1')).status).toBe(200);
      server.process.kill(signal);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopped');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('bad usage and bad worlds', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (text: string) => err.push(text) };
    expect(await serveCommand(['--port', 'x'], io)).toBe(2);
    expect(await serveCommand(['--nope'], io)).toBe(2);
    // A world file that cannot be read is exit 2, as in every command.
    expect(await serveCommand(['--port', '0', '--world', '/nonexistent/world.json'], io)).toBe(2);
    expect(err.join('')).toContain("cannot read '/nonexistent/world.json': no such file");
  });

  test('from datapoints to retired credits: every figure matches evaluateGraph', async () => {
    const server = await startServe();
    try {
      const call = http(server.url);
      const ok = async <T = Record<string, unknown>>(who: Who, method: string, path: string, body?: unknown): Promise<T> => {
        const response = await call(who, method, path, body);
        if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
        return response.body as T;
      };
      const datapoint = async (reference: string, magnitude: number, unit: string, sd: number | null) =>
        (
          await ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', {
            supplier_reference_id: reference,
            display_name: reference,
            type: 'REPORTED',
            quantity: { magnitude, unit, standard_deviation: sd },
            description: 'batch C',
            source_ids: [],
            project_id: IDS.projectA,
          })
        ).id;

      // 1. Datapoints of a new batch, and a GHG entry from the demo template.
      const dryMass = await datapoint('c-dry-mass', 15.2, 't', 0.35);
      const carbon1 = await datapoint('c-carbon-1', 79.0, '%', 1.4);
      const carbon2 = await datapoint('c-carbon-2', 80.6, '%', 1.4);
      const feedMass = await datapoint('c-feed-mass', 55, 't', 1.5);
      const energy = await datapoint('c-energy', 6.1, 'MWh', 0.2);
      const diesel = await datapoint('c-diesel', 210, 'l', 12);
      const created = await ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/removals', {
        project_id: IDS.projectA,
        started_on: '2026-04-01',
        completed_on: '2026-04-30',
        supplier_reference_id: 'batch-c',
        removal_template_id: IDS.template,
        removal_template_components: [
          {
            removal_template_component_id: IDS.rtcSequestration,
            inputs: [
              { input_key: 'dry_mass', datapoint_id: dryMass },
              { input_key: 'carbon_content', datapoint_ids: [carbon1, carbon2] },
            ],
          },
          { removal_template_component_id: IDS.rtcFeedstock, inputs: [{ input_key: 'mass', datapoint_id: feedMass }] },
          { removal_template_component_id: IDS.rtcEnergy, inputs: [{ input_key: 'energy', datapoint_id: energy }] },
          { removal_template_component_id: IDS.rtcDiesel, inputs: [{ input_key: 'volume', datapoint_id: diesel }] },
        ],
      });
      // 2. The shared field transport run, 60 % of it.
      const removal = await ok('supplierA', 'PATCH', `/mrv/v0/removals/${created.id}/component_attributions`, {
        components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: 0.6 }],
      });
      expectShape(removalSchema, removal);

      // The same data as a removal graph document, evaluated by the engine directly.
      const attributions = await ok<{ nodes: { component_id: string; attribution_factor: number }[] }>(
        'supplierA',
        'GET',
        `/mrv/v0/ghg_entries/${created.id}/component_attributions?first=50`,
      );
      expectShape(paginatedListSchema(componentAttributionSchema), attributions);
      const components = await Promise.all(
        attributions.nodes.map((a) =>
          ok<{ id: string; blueprint_key: string; inputs: { input_key: string; datapoint_ids: string[] }[] }>(
            'supplierA',
            'GET',
            `/mrv/v0/components/${a.component_id}`,
          ),
        ),
      );
      for (const c of components) expectShape(componentSchema, c);
      const datapointIds = [...new Set(components.flatMap((c) => c.inputs.flatMap((i) => i.datapoint_ids)))];
      const datapoints = await Promise.all(
        datapointIds.map((id) =>
          ok<{ id: string; quantity: { magnitude: number; unit: string; standard_deviation: number | null } }>(
            'supplierA',
            'GET',
            `/mrv/v0/datapoints/${id}`,
          ),
        ),
      );
      const graph: RemovalGraphInput = {
        component_blueprints: [...(DEMO_WORLD.component_blueprints ?? [])],
        datapoints: datapoints.map((d) => ({ id: d.id, quantity: d.quantity })),
        components: components.map((c) => ({
          id: c.id,
          blueprint_key: c.blueprint_key,
          inputs: c.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: i.datapoint_ids })),
        })),
        ghg_entries: [
          {
            id: created.id,
            risk_of_reversal_percentage: 5,
            component_attributions: attributions.nodes.map((a) => ({
              component_id: a.component_id,
              attribution_factor: a.attribution_factor,
            })),
          },
        ],
      };
      const expected = evaluateGraph(graph).ghg_entries[0]!;
      expect(removal.co2e_net_removed_kg).toBe(expected.co2e_net_removed_kg);
      expect(removal.co2e_net_removed_without_discount_kg).toBe(expected.co2e_net_removed_without_discount_kg);
      expect(removal.co2e_net_removed_standard_deviation_kg).toBe(expected.co2e_net_removed_standard_deviation_kg);
      expect(removal.risk_of_reversal_percentage).toBe(5);
      expect(removal.credit_allocation).toEqual(expected.credit_allocation);
      expect(expected.components.some((c) => c.component_id === IDS.sharedComponent && c.attribution_factor === 0.6)).toBe(true);

      // 3. Statement, submission, verification and issuance.
      const statement = await ok<{ id: string; removal_ids: string[] }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
        project_id: IDS.projectA,
        end_on: '2026-04-30',
      });
      expect(statement.removal_ids).toEqual([created.id]);
      const submitted = await ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
        ghg_statement_report_url: 'https://reports.example/c.pdf',
      });
      expectShape(ghgStatementSchema, submitted);
      // Nothing changed since submission: no pending total.
      expect(submitted).toMatchObject({
        status: 'AWAITING_VERIFICATION',
        verifier: 'Verity Verification',
        pending_total_co2e_removed_kg: null,
      });
      expect((await call('supplierA', 'PATCH', `/mrv/v0/removals/${created.id}`, { started_on: '2026-04-02' })).status).toBe(409);
      await ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/verify`, { outcome: 'VERIFIED' });
      const issued = await ok<{
        issuance: { id: string };
        credit_batches: {
          supplier_credit_batches: { id: string; size: { credit_kgs: number }; carbon_removal_data: { net_carbon_removed_kg: number } }[];
          buffer_pool_credit_batches: { size: { credit_kgs: number } }[];
        };
      }>('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/issue_credits`);
      expectShape(issuanceCreditBatchesSchema, issued.credit_batches);
      const allocation = expected.credit_allocation!;
      const supplierBatch = issued.credit_batches.supplier_credit_batches[0]!;
      expect(supplierBatch.size.credit_kgs).toBe(allocation.supplier_allocation_kg);
      expect(issued.credit_batches.buffer_pool_credit_batches[0]?.size.credit_kgs).toBe(allocation.buffer_pool_contribution_kg);
      expect(allocation.supplier_allocation_kg + allocation.buffer_pool_contribution_kg).toBe(expected.issuable_kg);
      expect(supplierBatch.carbon_removal_data.net_carbon_removed_kg).toBe(Math.round(expected.co2e_net_removed_kg)); // whole kilograms, as the registry carries them
      // Public from now on: the buyer reads the entry.
      expect((await call('buyer', 'GET', `/mrv/v0/ghg_entries/${created.id}`)).status).toBe(200);

      // 4. Delivery to the buyer of order A, transfer of part of it, retirement of another part.
      const delivered = await ok<{ id: string }>('supplierA', 'POST', '/registry/v0/deliveries', {
        order_id: IDS.orderA,
        credit_batch_quantities: [{ credit_batch_id: supplierBatch.id, credit_quantity_kg: 5000 }],
        notes: 'first tranche',
      });
      expectShape(deliverySchema, delivered);
      const parent = await ok<{ left_child_id: string; right_child_id: string; status: string }>(
        'buyer',
        'GET',
        `/registry/v0/credit_batches/${supplierBatch.id}`,
      );
      expectShape(creditBatchSchema, parent);
      expect(parent.status).toBe('split');
      const buyerBatch = parent.left_child_id;
      const transferred = await ok('buyer', 'POST', '/registry/v0/transfers', {
        from_organisation_id: IDS.buyer,
        to_organisation_id: IDS.orgB,
        supplier_id: IDS.supplierA,
        credit_batch_quantities: [{ credit_batch_id: buyerBatch, credit_quantity_kg: 1000 }],
        notes: 'resale',
      });
      expectShape(transferSchema, transferred);
      const kept = (await ok<{ right_child_id: string }>('buyer', 'GET', `/registry/v0/credit_batches/${buyerBatch}`)).right_child_id;
      const retired = await ok('buyer', 'POST', '/registry/v0/retirements', {
        beneficiary_organisation_id: IDS.buyer,
        owner_organisation_id: IDS.buyer,
        supplier_id: IDS.supplierA,
        credit_batch_quantities: [{ credit_batch_id: kept, credit_quantity_kg: 2000 }],
        retirement_purposes: ['corporate_targets', 'public_environmental_claims'],
        notes: null,
      });
      expectShape(retirementSchema, retired);

      // 5. The registry: sizes conserved, balances as the transactions say.
      const supplierRemaining = parent.right_child_id;
      const remaining = await ok<{ size: { credit_kgs: number }; owner: { id: string } }>(
        'supplierA',
        'GET',
        `/registry/v0/credit_batches/${supplierRemaining}`,
      );
      expect(remaining.size.credit_kgs).toBe(allocation.supplier_allocation_kg - 5000);
      expect(remaining.owner.id).toBe(IDS.orgA);
      const balance = await ok<{
        total: { active_credits_total: { credit_kgs: number }; retired_credits_total: { credit_kgs: number } };
        supplier_balances: { supplier_id: string; total: { active_credits_total: { credit_kgs: number } } }[];
      }>('buyer', 'GET', `/registry/v0/organisations/${IDS.buyer}/credit_balance`);
      expectShape(organisationCreditBalanceSchema, balance);
      // From the demo world: 2000 kg of supplier B; from this scenario: 5000 - 1000 - 2000 kg of supplier A.
      expect(balance.total.active_credits_total.credit_kgs).toBe(2000 + 2000);
      expect(balance.total.retired_credits_total.credit_kgs).toBe(2000);
      expect(balance.supplier_balances.find((s) => s.supplier_id === IDS.supplierA)?.total.active_credits_total.credit_kgs).toBe(2000);
      const deliveries = await ok<{ nodes: { id: string; credit_batch_size_total: { credit_kgs: number } }[] }>(
        'buyer',
        'GET',
        `/registry/v0/suppliers/${IDS.supplierA}/deliveries`,
      );
      expect(deliveries.nodes.map((d) => d.credit_batch_size_total.credit_kgs)).toEqual([5000]);
      const transfers = await ok<{ total_count: number }>('supplierB', 'GET', `/registry/v0/transfers?to_organisation_id=${IDS.orgB}`);
      expect(transfers.total_count).toBe(1);
      const statementAfter = await ok('buyer', 'GET', `/mrv/v0/ghg_statements/${statement.id}`);
      expect(statementAfter).toMatchObject({ status: 'CREDITS_ISSUED' });
      const buyerBatches = await ok('buyer', 'GET', `/registry/v0/organisations/${IDS.buyer}/credit_batches?first=50`);
      expectShape(paginatedListSchema(creditBatchSchema), buyerBatches);
    } finally {
      server.stop();
    }
    expect(await server.exit).toBe(0);
  });
});
