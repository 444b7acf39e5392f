/**
 * POST of a removal from a template: a template component's checks against its blueprint are left
 * to the entry's one evaluation, and a refused request still names the first failing template
 * component, before a supplier reference in use (409) and after the other problems of the body.
 */
import { describe, expect, test } from 'vitest';
import { BATCH_A, Client, demoSandbox, IDS, removalBody } from '../fixtures';

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
    const [first] = (response.body as Detail).detail;
    expect(first?.loc).toEqual(['body', 'removal_template_components', 1]);
    expect(first?.msg).toContain(`template component '${IDS.rtcFeedstock}'`);
    expect(first?.msg).toContain("expects quantity kind 'mass'");
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
    expect(locs).toEqual(['body.removal_template_components.1', 'body.steps.0.process_step_key']);
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
