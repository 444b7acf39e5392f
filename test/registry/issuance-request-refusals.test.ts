/**
 * Refusals of an issuance request (src/registry/issuance-request.ts) that a malformed field must
 * give without throwing and without extra problems: a known supplier or a buffer pool with a
 * malformed organisation, the field named in each message, invalid entry ids that are not
 * duplicates, a given period end against entries that were all refused, and the carbon figures
 * of an accepted entry kept as given (a non-zero loss included).
 */
import { describe, expect, it } from 'vitest';
import { checkIssuanceRequest, type IssuanceContext } from '../../src/registry/issuance-request';
import { Problems, readDate } from '../../src/registry/validate';
import { entry, issuance, ORG, SUPPLIER_A } from './fixtures';

const EMPTY: IssuanceContext = { issuedAs: () => undefined, supplierOrganisation: () => undefined };
/** A ledger that knows supplier A, registered under its own organisation. */
const KNOWS_A: IssuanceContext = { ...EMPTY, supplierOrganisation: (id) => (id === SUPPLIER_A ? ORG.supplier.id : undefined) };

/** The problems of a request as [path, code, message]; fails when the request was accepted. */
function problemsOf(input: unknown, context: IssuanceContext = EMPTY): [readonly (string | number)[], string, string][] {
  const checked = checkIssuanceRequest(input, context);
  if (checked.ok) throw new Error('expected the issuance request to be refused');
  return checked.problems.map((p) => [p.path, p.code, p.message]);
}

const badOrgId = (field: string) => [
  [[field, 'id'], 'invalid_id', `${field} id "bad" is not an organisation id (org_ prefix, 20 to 37 characters)`],
  [[field, 'name'], 'missing', `${field} name must be a string`],
];

describe('an issuance request with a malformed organisation', () => {
  it('is refused, not thrown, when the supplier is known and its organisation is not an object', () => {
    const request = issuance([entry(1, 0)], { supplier_organisation: 'x' as never });
    expect(problemsOf(request, KNOWS_A)).toEqual([
      [['supplier_organisation'], 'invalid_type', 'supplier_organisation must be an object, got a string'],
    ]);
  });

  it('is refused, not thrown, when either organisation is malformed and the other is valid', () => {
    expect(problemsOf(issuance([entry(1, 0)], { buffer_pool_organisation: { id: 'bad' } as never }), KNOWS_A)).toEqual(
      badOrgId('buffer_pool_organisation'),
    );
    expect(problemsOf(issuance([entry(1, 0)], { supplier_organisation: { id: 'bad' } as never }), KNOWS_A)).toEqual(
      badOrgId('supplier_organisation'),
    );
    expect(problemsOf(issuance([entry(1, 0)], { buffer_pool_organisation: 7 as never }))).toEqual([
      [['buffer_pool_organisation'], 'invalid_type', 'buffer_pool_organisation must be an object, got a number'],
    ]);
  });
});

describe('the field named in each refusal', () => {
  it('names the request itself at the empty path when it is not an object', () => {
    expect(problemsOf(null)).toEqual([[[], 'invalid_type', 'issuance request must be an object, got null']]);
    expect(problemsOf('x')).toEqual([[[], 'invalid_type', 'issuance request must be an object, got a string']]);
  });

  it('names each id field and its kind', () => {
    expect(problemsOf(issuance([entry(1, 0)], { ghg_statement_id: 'a', project_id: 'b', supplier_id: 'c' }))).toEqual([
      [['ghg_statement_id'], 'invalid_id', 'ghg_statement_id "a" is not a ghg_statement id (ggs_ prefix, 20 to 37 characters)'],
      [['project_id'], 'invalid_id', 'project_id "b" is not a project id (prj_ prefix, 20 to 37 characters)'],
      [['supplier_id'], 'invalid_id', 'supplier_id "c" is not a supplier id (spl_ prefix, 20 to 37 characters)'],
    ]);
  });

  it("names an entry's sequestered_on", () => {
    expect(problemsOf(issuance([entry(1, 0, '2024-13-01')]))).toEqual([
      [['entries', 0, 'sequestered_on'], 'invalid_date', 'sequestered_on "2024-13-01" is not a date of the form YYYY-MM-DD'],
    ]);
  });
});

describe('entries that are refused', () => {
  const badId = (i: number) => [
    ['entries', i, 'ghg_entry_id'],
    'invalid_id',
    'ghg_entry_id "x" is not a ghg_entry id (rmv_ prefix, 20 to 37 characters)',
  ];

  it('reports two invalid ids once each, not as duplicates of each other', () => {
    expect(
      problemsOf(
        issuance([
          { ...entry(1, 0), ghg_entry_id: 'x' },
          { ...entry(1, 0), ghg_entry_id: 'x' },
        ]),
      ),
    ).toEqual([badId(0), badId(1)]);
  });

  it('finds no period problem when only one end is given and no entry is valid', () => {
    const refused = [{ ...entry(1, 0, '2024-12-01'), ghg_entry_id: 'x' }];
    expect(problemsOf(issuance(refused, { reporting_period_start_at: '2025-01-01' }))).toEqual([badId(0)]);
    expect(problemsOf(issuance(refused, { reporting_period_end_at: '2024-01-01' }))).toEqual([badId(0)]);
  });

  it('lends no date to the period when its only problem is a carbon figure', () => {
    const late = { ...entry(1, 0, '2024-12-01'), carbon_removal_data: { ...entry(1, 0).carbon_removal_data, emissions_kg: 'x' } };
    expect(problemsOf(issuance([late as never], { reporting_period_end_at: '2024-06-30' }))).toEqual([
      [['entries', 0, 'carbon_removal_data', 'emissions_kg'], 'invalid_type', 'emissions_kg must be a finite number, got a string'],
    ]);
  });
});

describe('an accepted entry', () => {
  it('keeps every carbon figure as given, a non-zero loss included', () => {
    const carbon = { counterfactuals_kg: 3, emissions_kg: 5, gross_carbon_removed_kg: 1100, losses_kg: 7, net_carbon_removed_kg: 1085 };
    const checked = checkIssuanceRequest(issuance([{ ...entry(1, 0), carbon_removal_data: carbon }]), EMPTY);
    expect(checked.ok && checked.issuance.entries[0]?.carbon).toEqual(carbon);
  });
});

describe('readDate at the years Date.UTC maps elsewhere', () => {
  // Date.UTC reads the years 0 to 99 as 1900 to 1999; the calendar check (src/model/calendar-date.ts)
  // computes the days itself, so those years are dates like any other, their leap days included.
  it('takes a date of the years 0000 to 0099 as it takes 0100 and 1950', () => {
    const read = (text: string) => {
      const problems = new Problems();
      return { value: readDate(text, ['d'], problems, 'd'), codes: problems.list.map((p) => p.code) };
    };
    for (const text of ['0050-06-15', '0000-01-01', '0099-12-31', '0004-02-29', '0100-01-01', '1950-06-15'])
      expect(read(text)).toEqual({ value: text, codes: [] });
    for (const text of ['0001-02-29', '0100-02-29']) expect(read(text)).toEqual({ value: undefined, codes: ['invalid_date'] });
  });
});
