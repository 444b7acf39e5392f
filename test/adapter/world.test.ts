import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/adapter/sandbox';
import { DEMO_WORLD, demoSandbox, IDS } from './fixtures';

describe('world document', () => {
  test('the demo world loads with its records, credit batches and transactions', async () => {
    const sandbox = demoSandbox();
    const { state } = sandbox;
    expect(state.organisations.size).toBe(5);
    expect(state.blueprints.size).toBe(6);
    expect(state.ledger.getCreditBatch(IDS.batchB1)?.size.credit_kgs).toBe(9800);
    expect(state.ledger.getDelivery(IDS.deliveryB)?.credit_batch_size_total.credit_kgs).toBe(3000);
    expect(state.ledger.getTransfer(IDS.transfer)?.credit_batch_size_total.credit_kgs).toBe(1000);
    expect(state.ledger.getRefund(IDS.refund)?.credit_batch_size_total.credit_kgs).toBe(50);
    expect(state.ledger.getCreditBatch(IDS.batchB2)?.status).toBe('split');
  });

  test('equal seeds and requests give equal states', async () => {
    const a = demoSandbox({ seed: 7 });
    const b = demoSandbox({ seed: 7 });
    expect(a.state.snapshot()).toBe(b.state.snapshot());
  });

  test('a bad shape is refused with its path', () => {
    expect(() => createSandbox({ world: { organisations: [{ id: 'bad', name: 'x' }] } })).toThrow(/organisations\[0\]\.id/);
    expect(() => createSandbox({ world: { unknown_collection: [] } as never })).toThrow(/invalid world document/);
  });

  test("a blueprint's result is its single sink: result_expression_key is a graph-document key only", () => {
    const blueprints = DEMO_WORLD.component_blueprints ?? [];
    const named = blueprints.map((b, i) => (i === 0 ? { ...b, result_expression_key: b.expressions[0]!.key } : b));
    expect(() => createSandbox({ world: { ...DEMO_WORLD, component_blueprints: named } as never })).toThrow(
      /unknown key 'result_expression_key' at component_blueprints\[0\]/,
    );
    const first = blueprints[0]!;
    const twoSinks = { ...first, expressions: [...first.expressions, { ...first.expressions[0]!, key: 'spare' }] };
    expect(() => createSandbox({ world: { ...DEMO_WORLD, component_blueprints: [twoSinks, ...blueprints.slice(1)] } })).toThrow(
      /blueprint_multiple_sinks|used by no other expression/,
    );
  });

  test('a dangling reference is refused with its path', () => {
    const world = {
      ...DEMO_WORLD,
      datapoints: [
        ...(DEMO_WORLD.datapoints ?? []),
        {
          ...(DEMO_WORLD.datapoints ?? [])[0]!,
          id: 'dtp_01JNEWDATAPOINT000000',
          supplier_reference_id: 'other',
          project_id: 'prj_01ZZZZZZZZZZZZZZZZZZZZZZZZ',
        },
      ],
    };
    expect(() => createSandbox({ world })).toThrow(/datapoints\[19\]\.project_id/);
  });

  test('a component that does not fit its blueprint is refused by the accounting checks', () => {
    const components = [{ ...(DEMO_WORLD.components ?? [])[0]!, inputs: [{ input_key: 'masses', datapoint_ids: [IDS.energyA] }] }];
    expect(() => createSandbox({ world: { ...DEMO_WORLD, components } })).toThrow(/components\[0\]/);
  });

  test('a world transaction the ledger refuses is refused with its path', () => {
    const deliveries = [
      { ...(DEMO_WORLD.deliveries ?? [])[0]!, credit_batch_quantities: [{ credit_batch_id: IDS.batchB2, credit_quantity_kg: 999_999 }] },
    ];
    expect(() => createSandbox({ world: { ...DEMO_WORLD, deliveries } })).toThrow(/deliveries\[0\]\.credit_batch_quantities\[0\]/);
  });

  test('supplier references are unique per supplier in a world too', () => {
    const datapoints = (DEMO_WORLD.datapoints ?? []).map((d, i) =>
      i === 1 ? { ...d, supplier_reference_id: (DEMO_WORLD.datapoints ?? [])[0]!.supplier_reference_id } : d,
    );
    expect(() => createSandbox({ world: { ...DEMO_WORLD, datapoints } })).toThrow(/datapoints\[1\]\.supplier_reference_id/);
  });
});
