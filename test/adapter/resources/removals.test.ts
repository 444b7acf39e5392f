/**
 * POST of a removal from a template: a template component's checks against its blueprint are left
 * to the entry's one evaluation, and a refused request still names the first failing template
 * component, before a supplier reference in use (409) and after the other problems of the body,
 * at the field of the request the problem is about, with its value. So is a deprecated step's
 * attribution factor datapoint out of range.
 */
import { describe, expect, test } from 'vitest';
import { BATCH_A, Client, datapointBody, demoSandbox, IDS, removalBody } from '../fixtures';

const A = 'supplierA';

type Detail = { detail: { loc: (string | number)[]; msg: string }[] };

/** Batch A with the feedstock mass input given the energy datapoint (a unit of the wrong kind). */
const WRONG_KIND = { ...BATCH_A, feedMass: IDS.energyA };

describe('POST /mrv/v0/removals from a template', () => {
  test('evaluates a valid request once and answers the entry', async () => {
    const client = new Client(demoSandbox());
    const entry = await client.ok<{ co2e_net_removed_kg: number }>(A, 'POST', '/mrv/v0/removals', removalBody('once', BATCH_A));
    expect(entry.co2e_net_removed_kg).toBeGreaterThan(0);
  });

  test('a template component of the wrong kind is a 422 at its place, and nothing is stored', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const response = await client.request(A, 'POST', '/mrv/v0/removals', removalBody('wrong-kind', WRONG_KIND));
    expect(response.status).toBe(422);
    // The feedstock component's input is given as {input_key: 'mass', datapoint_id}: its one datapoint.
    // (The unit's wording is the units module's: only its parts are pinned here.)
    const [item, ...rest] = (response.body as { detail: { msg: string; ctx: { error: string } }[] }).detail;
    expect(rest).toEqual([]);
    expect(item).toEqual({
      type: 'value_error',
      loc: ['body', 'removal_template_components', 1, 'inputs', 0, 'datapoint_id'],
      msg: `Value error, ${item?.ctx.error ?? ''}`,
      input: IDS.energyA,
      ctx: {
        error: expect.stringMatching(
          `^template component '${IDS.rtcFeedstock}': datapoint '${IDS.energyA}' has unit 'kWh' .*expects quantity kind 'mass'`,
        ),
      },
    });
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('a datapoint of a list input is located by its index; the 4th component (diesel volume) by its datapoint_id', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const carbon = await client.request(
      A,
      'POST',
      '/mrv/v0/removals',
      removalBody('list', { ...BATCH_A, carbon: [IDS.carbonA1, IDS.energyA] }),
    );
    expect((carbon.body as Detail).detail.map((i) => [i.loc, (i as { input?: unknown }).input])).toEqual([
      [['body', 'removal_template_components', 0, 'inputs', 1, 'datapoint_ids', 1], IDS.energyA],
    ]);
    const diesel = await client.request(A, 'POST', '/mrv/v0/removals', removalBody('diesel', { ...BATCH_A, diesel: IDS.dryMassA }));
    expect((diesel.body as Detail).detail.map((i) => [i.loc, (i as { input?: unknown }).input])).toEqual([
      [['body', 'removal_template_components', 3, 'inputs', 0, 'datapoint_id'], IDS.dryMassA],
    ]);
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test("a deprecated step's factor datapoint out of range is a 422 at its attribution_factor_datapoint_id, with the id", async () => {
    const client = new Client(demoSandbox());
    const factor = await client.ok<{ id: string }>(
      A,
      'POST',
      '/mrv/v0/datapoints',
      datapointBody('factor-1.5', 1.5, 'dimensionless', 0.01),
    );
    const before = client.sandbox.state.snapshot();
    const response = await client.request(A, 'POST', '/mrv/v0/removals', {
      project_id: IDS.projectA,
      started_on: '2026-03-01',
      completed_on: '2026-03-31',
      supplier_reference_id: 'legacy-factor',
      process_key: 'biochar_pyrolysis',
      steps: [
        { process_step_key: 'machinery', components: [{ component_id: IDS.sharedComponent, attribution_factor_datapoint_id: factor.id }] },
      ],
    });
    const message = `attribution factor datapoint '${factor.id}' has value 1.5; a factor must be greater than 0 and at most 1`;
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'steps', 0, 'components', 0, 'attribution_factor_datapoint_id'],
          msg: `Value error, ${message}`,
          input: factor.id,
          ctx: { error: message },
        },
      ],
    });
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('the failing template component is answered before a supplier reference in use', async () => {
    const client = new Client(demoSandbox());
    await client.ok(A, 'POST', '/mrv/v0/removals', removalBody('taken', BATCH_A));
    const conflict = await client.request(A, 'POST', '/mrv/v0/removals', removalBody('taken', BATCH_A));
    expect(conflict.status).toBe(409);
    const both = await client.request(A, 'POST', '/mrv/v0/removals', removalBody('taken', WRONG_KIND));
    expect(both.status).toBe(422);
    expect((both.body as Detail).detail[0]?.msg).toContain(`template component '${IDS.rtcFeedstock}'`);
  });

  test('with a later problem in the body, the failing template component comes first', async () => {
    const client = new Client(demoSandbox());
    const body = { ...removalBody('two-problems', WRONG_KIND), steps: [{ process_step_key: 'no_such_step', components: [] }] };
    const response = await client.request(A, 'POST', '/mrv/v0/removals', body);
    expect(response.status).toBe(422);
    const locs = (response.body as Detail).detail.map((item) => item.loc.join('.'));
    expect(locs).toEqual(['body.removal_template_components.1.inputs.0.datapoint_id', 'body.steps.0.process_step_key']);
  });

  test('a problem found before the template components leaves their checks out', async () => {
    const client = new Client(demoSandbox());
    const body = { ...removalBody('earlier-problem', WRONG_KIND), feedstock_type_id: 'ftt_01JNOTHERE0000000000' };
    const response = await client.request(A, 'POST', '/mrv/v0/removals', body);
    expect(response.status).toBe(422);
    const locs = (response.body as Detail).detail.map((item) => item.loc.join('.'));
    expect(locs).toEqual(['body.feedstock_type_id']);
  });
});
