// Type tests of the state's shape (src/adapter/store/state-shape.ts): the tables and named indexes
// the resources add to StateTables and StateIndexes, each in its own resource.ts, are exactly those
// the resource list (with the service's own records) declares. A resource in the list whose
// descriptor does not add its tables or indexes, or one that adds them but is not in the list, or a
// table typed differently in the two places, fails `npm run typecheck` here.
import { describe, expectTypeOf, it } from 'vitest';
import { RESOURCES } from '../../src/adapter/resources';
import type { Table } from '../../src/adapter/store/store';
import type { NamedIndexesOf, TablesOf } from '../../src/adapter/store/resource';
import type { StateIndexes, StateTables } from '../../src/adapter/store/state-shape';
import { SERVICE_RECORDS } from '../../src/adapter/service-records';
import type { ServiceState } from '../../src/adapter/state';
import type { Indexes, RowsByKey } from '../../src/adapter/indexes';
import type { DatapointRow, OrganisationRow } from '../../src/adapter/rows';

type List = readonly [typeof SERVICE_RECORDS, ...typeof RESOURCES];

describe("the state's shape", () => {
  // Each way assignable, with the same names: the same tables (toEqualTypeOf's brand tells an
  // interface made by merging from the list's intersection, although neither has a member the other lacks).
  it('has the tables the resource list declares, each typed by its row', () => {
    expectTypeOf<StateTables>().toExtend<TablesOf<List>>();
    expectTypeOf<TablesOf<List>>().toExtend<StateTables>();
    expectTypeOf<keyof StateTables>().toEqualTypeOf<keyof TablesOf<List>>();
    expectTypeOf<ServiceState['datapoints']>().toEqualTypeOf<Table<DatapointRow>>();
    expectTypeOf<ServiceState['organisations']>().toEqualTypeOf<Table<OrganisationRow>>();
  });

  it('has the named indexes the resource list registers, each typed by its rows', () => {
    expectTypeOf<StateIndexes>().toExtend<NamedIndexesOf<List>>();
    expectTypeOf<NamedIndexesOf<List>>().toExtend<StateIndexes>();
    expectTypeOf<keyof StateIndexes>().toEqualTypeOf<keyof NamedIndexesOf<List>>();
    expectTypeOf<Indexes['datapointsByOwner']>().toEqualTypeOf<RowsByKey<DatapointRow>>();
    // @ts-expect-error -- no resource registers an index of this name.
    expectTypeOf<Indexes['datapointsByColour']>().toBeObject();
  });
});
