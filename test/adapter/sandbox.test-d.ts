// Type tests of what a user of `cdr-engine/sandbox` writes against (docs/service.md): the world
// document given to `createSandbox`, and the request and response of `handle`.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createSandbox,
  type Sandbox,
  type SandboxOptions,
  type SandboxRequest,
  type SandboxResponse,
  type WorldDocument,
  type WorldMeasurementSample,
  type WorldProductionBatch,
  type WorldProject,
} from 'cdr-engine/sandbox';

const datapoint = {
  id: 'dtp_01JMASS0000000000000',
  display_name: 'Mass',
  owner_organisation_id: 'org_01JSUPPLIER000000000',
  project_id: 'prj_01JPROJECT0000000000',
  type: 'REPORTED',
  quantity: { magnitude: 10, unit: 't', standard_deviation: null },
} satisfies NonNullable<WorldDocument['datapoints']>[number];

const world = {
  organisations: [{ id: 'org_01JSUPPLIER000000000', name: 'Carbon Char Co', domain: 'carbonchar.example' }],
  clients: [{ client_secret: 'secret', name: 'tests' }],
  access_tokens: [{ token: 'token-a', organisation_id: 'org_01JSUPPLIER000000000', generated_at: '2026-01-01T00:00:00Z' }],
  datapoints: [datapoint],
} satisfies WorldDocument;

describe('the world document', () => {
  it('accepts a literal world, and is what createSandbox takes', () => {
    expectTypeOf(world).toExtend<WorldDocument>();
    expectTypeOf<{ world: typeof world }>().toExtend<SandboxOptions>();
    expectTypeOf(createSandbox).parameter(0).toEqualTypeOf<SandboxOptions | undefined>();
  });

  it('accepts a read-only world (a document written `as const`)', () => {
    const frozen = {
      clients: [{ client_secret: 'secret' }],
      datapoints: [{ ...datapoint, source_ids: ['src_01JSOURCE00000000000'] }],
    } as const;
    expectTypeOf(frozen).toExtend<WorldDocument>();
  });

  it('refuses a misspelled collection and a misspelled field', () => {
    // @ts-expect-error the collection is `organisations`
    const misspelled: WorldDocument = { organizations: world.organisations };
    // @ts-expect-error a client's secret is `client_secret`
    const client: WorldDocument = { clients: [{ secret: 'secret' }] };
    expectTypeOf(misspelled).toExtend<WorldDocument>();
    expectTypeOf(client).toExtend<WorldDocument>();
  });

  it('refuses a datapoint type outside the enumeration and a quantity without a unit', () => {
    // @ts-expect-error `MEASURED` is not a datapoint type
    const wrongType: WorldDocument = { datapoints: [{ ...datapoint, type: 'MEASURED' }] };
    // @ts-expect-error a quantity has a unit
    const noUnit: WorldDocument = { datapoints: [{ ...datapoint, quantity: { magnitude: 10 } }] };
    expectTypeOf(wrongType).toExtend<WorldDocument>();
    expectTypeOf(noUnit).toExtend<WorldDocument>();
  });

  // The types are the world schema's input: its date, date-time and country checks accept any
  // value at run time (to word the error), yet the document declares them as required strings.
  it('dates, date-times and country codes are strings, required where the schema requires them', () => {
    expectTypeOf<WorldProject['country_code']>().toEqualTypeOf<string>();
    expectTypeOf<WorldProductionBatch['started_at']>().toEqualTypeOf<string>();
    expectTypeOf<WorldMeasurementSample['measured_at']>().toEqualTypeOf<string>();
    expectTypeOf<WorldProject['crediting_period_start']>().toEqualTypeOf<string | null | undefined>();
    // @ts-expect-error a production batch has an end of production
    const noEnd: WorldProductionBatch = {
      id: 'ptb_1',
      owner_organisation_id: 'org_1',
      facility_id: 'fcl_1',
      started_at: '2026-01-01T00:00:00Z',
      mass: { magnitude: 1, unit: 't' },
    };
    expectTypeOf(noEnd).toExtend<WorldProductionBatch>();
  });
});

describe('SandboxRequest and SandboxResponse', () => {
  it('handle takes a request and answers a promise of a response', () => {
    expectTypeOf<Sandbox['handle']>().parameters.toEqualTypeOf<[SandboxRequest]>();
    expectTypeOf<Sandbox['handle']>().returns.toEqualTypeOf<Promise<SandboxResponse>>();
    expectTypeOf(createSandbox()).toExtend<Sandbox>();
  });

  it('a response has a numeric status, string headers and a body to narrow', () => {
    expectTypeOf<SandboxResponse['status']>().toEqualTypeOf<number>();
    expectTypeOf<SandboxResponse['headers']>().toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf<SandboxResponse['body']>().toEqualTypeOf<unknown>();
  });

  it('a request needs a method and a path; its fields cannot be reassigned', () => {
    expectTypeOf({ method: 'GET', path: '/mrv/v0/datapoints' }).toExtend<SandboxRequest>();
    // @ts-expect-error a request without a path
    const noPath: SandboxRequest = { method: 'GET' };
    const response = {} as SandboxResponse;
    // @ts-expect-error the response is read-only
    response.status = 200;
    expectTypeOf(noPath).toExtend<SandboxRequest>();
  });
});
