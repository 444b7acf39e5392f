/**
 * The field readers of ledger requests (src/registry/validate.ts) and the check of an issuance
 * request (src/registry/issuance-request.ts), called directly: each reader's value, and for each
 * refusal its path, code and exact message, at the boundaries the rules draw (dates that do not
 * exist, latitude 90 and longitude 180, 256-character notes, 1 to 32 character serial codes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreditLedgerError, isCreditLedgerError } from '../../src/registry/errors';
import { checkIssuanceRequest, type IssuanceContext } from '../../src/registry/issuance-request';
import {
  Problems,
  readCountry,
  readDate,
  readId,
  readLocation,
  readNotes,
  readNumber,
  readObject,
  readOptionalText,
  readOrganisation,
  readPositiveKg,
  readPurposes,
  readString,
} from '../../src/registry/validate';
import { entry, fakeId, issuance, ORG, PROJECT_A, SUPPLIER_A } from './fixtures';

/** Runs one reader on a fresh list of problems: its value and the problems as [path, code, message]. */
function read<T>(reader: (problems: Problems) => T): { value: T; problems: [readonly (string | number)[], string, string][] } {
  const problems = new Problems();
  const value = reader(problems);
  return { value, problems: problems.list.map((p) => [p.path, p.code, p.message]) };
}

describe('Problems', () => {
  it('is empty until a problem is added, and keeps a copy of the path', () => {
    const problems = new Problems();
    expect(problems.empty).toBe(true);
    const path = ['a', 1];
    problems.add(path, 'missing', 'm');
    path.push('later');
    expect(problems.empty).toBe(false);
    expect(problems.list).toEqual([{ path: ['a', 1], code: 'missing', message: 'm' }]);
  });
});

describe('readObject, readString, readNumber, readOptionalText', () => {
  it('reads an object and refuses anything else, naming what it got', () => {
    expect(read((p) => readObject({ a: 1 }, ['x'], p, 'thing'))).toEqual({ value: { a: 1 }, problems: [] });
    expect(read((p) => readObject(undefined, ['x'], p, 'thing')).problems).toEqual([
      [['x'], 'missing', 'thing must be an object, got nothing'],
    ]);
    expect(read((p) => readObject(null, ['x'], p, 'thing')).problems).toEqual([
      [['x'], 'invalid_type', 'thing must be an object, got null'],
    ]);
    expect(read((p) => readObject([1], ['x'], p, 'thing')).problems).toEqual([
      [['x'], 'invalid_type', 'thing must be an object, got an array'],
    ]);
    expect(read((p) => readObject('s', ['x'], p, 'thing')).problems).toEqual([
      [['x'], 'invalid_type', 'thing must be an object, got a string'],
    ]);
    expect(read((p) => readObject(null, [], p, 'thing')).value).toBeUndefined();
  });

  it('reads a non-empty string', () => {
    expect(read((p) => readString('a', ['s'], p, 'name'))).toEqual({ value: 'a', problems: [] });
    expect(read((p) => readString(undefined, ['s'], p, 'name'))).toEqual({
      value: undefined,
      problems: [[['s'], 'missing', 'name is required']],
    });
    expect(read((p) => readString('', ['s'], p, 'name'))).toEqual({
      value: undefined,
      problems: [[['s'], 'invalid_type', 'name must not be empty']],
    });
    expect(read((p) => readString(7, ['s'], p, 'name'))).toEqual({
      value: undefined,
      problems: [[['s'], 'invalid_type', 'name must be a string, got a number']],
    });
  });

  it('reads a finite number', () => {
    expect(read((p) => readNumber(-1.5, ['n'], p, 'lat'))).toEqual({ value: -1.5, problems: [] });
    expect(read((p) => readNumber(0, ['n'], p, 'lat')).value).toBe(0);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '1'])
      expect(read((p) => readNumber(bad, ['n'], p, 'lat')).problems).toEqual([
        [['n'], 'invalid_type', `lat must be a finite number, got a ${typeof bad}`],
      ]);
    expect(read((p) => readNumber(undefined, ['n'], p, 'lat'))).toEqual({
      value: undefined,
      problems: [[['n'], 'missing', 'lat must be a finite number, got nothing']],
    });
  });

  it('reads optional text: absent or null is null, a string itself, anything else refused as null', () => {
    expect(read((p) => readOptionalText(undefined, ['t'], p, 'what'))).toEqual({ value: null, problems: [] });
    expect(read((p) => readOptionalText(null, ['t'], p, 'what'))).toEqual({ value: null, problems: [] });
    expect(read((p) => readOptionalText('', ['t'], p, 'what'))).toEqual({ value: '', problems: [] });
    expect(read((p) => readOptionalText(3, ['t'], p, 'what'))).toEqual({
      value: null,
      problems: [[['t'], 'invalid_type', 'what must be a string or null, got a number']],
    });
  });
});

describe('readId', () => {
  it('accepts its own prefix at 20 and 37 characters, and names the kind with its article otherwise', () => {
    const id20 = `org_${'A'.repeat(16)}`;
    const id37 = `org_${'A'.repeat(33)}`;
    expect(read((p) => readId('organisation', id20, ['i'], p, 'owner'))).toEqual({ value: id20, problems: [] });
    expect(read((p) => readId('organisation', id37, ['i'], p, 'owner'))).toEqual({ value: id37, problems: [] });
    expect(read((p) => readId('organisation', `${id37}A`, ['i'], p, 'owner'))).toEqual({
      value: undefined,
      problems: [[['i'], 'invalid_id', `owner "${id37}A" is not an organisation id (org_ prefix, 20 to 37 characters)`]],
    });
    expect(read((p) => readId('supplier', id20, ['i'], p, 'supplier_id')).problems).toEqual([
      [['i'], 'invalid_id', `supplier_id "${id20}" is not a supplier id (spl_ prefix, 20 to 37 characters)`],
    ]);
    expect(read((p) => readId('order', 'ord_x', ['i'], p, 'order')).problems[0]?.[2]).toContain('is not an order id (ord_ prefix');
    expect(read((p) => readId('supplier', undefined, ['i'], p, 'supplier_id')).problems).toEqual([
      [['i'], 'missing', 'supplier_id is required'],
    ]);
  });
});

describe('readPositiveKg', () => {
  it('reads a positive whole number of kg and refuses 0, negatives, missing and unreadable amounts', () => {
    expect(read((p) => readPositiveKg('12', ['q'], p, 'line: '))).toEqual({ value: 12n, problems: [] });
    expect(read((p) => readPositiveKg(1, ['q'], p, 'line: ')).value).toBe(1n);
    expect(read((p) => readPositiveKg(0, ['q'], p, 'line: '))).toEqual({
      value: undefined,
      problems: [[['q'], 'not_positive', 'credit_quantity_kg must be positive, got 0']],
    });
    expect(read((p) => readPositiveKg(-3n, ['q'], p, 'line: ')).problems).toEqual([
      [['q'], 'not_positive', 'credit_quantity_kg must be positive, got -3'],
    ]);
    expect(read((p) => readPositiveKg(undefined, ['q'], p, 'line: ')).problems).toEqual([
      [['q'], 'missing', 'credit_quantity_kg is required'],
    ]);
    expect(read((p) => readPositiveKg(1.5, ['q'], p, 'line: '))).toEqual({
      value: undefined,
      problems: [[['q'], 'fractional_kg', 'line: 1.5 kg is not a whole number of kilograms']],
    });
  });
});

describe('readNotes', () => {
  it('takes null for absent, keeps 256 characters, and reports (but returns) a longer note', () => {
    expect(read((p) => readNotes(undefined, ['notes'], p))).toEqual({ value: null, problems: [] });
    expect(read((p) => readNotes(null, ['notes'], p))).toEqual({ value: null, problems: [] });
    expect(read((p) => readNotes('x'.repeat(256), ['notes'], p))).toEqual({ value: 'x'.repeat(256), problems: [] });
    expect(read((p) => readNotes('x'.repeat(257), ['notes'], p))).toEqual({
      value: 'x'.repeat(257),
      problems: [[['notes'], 'notes_too_long', 'notes have 257 characters; at most 256 are allowed']],
    });
    expect(read((p) => readNotes(5, ['notes'], p))).toEqual({
      value: null,
      problems: [[['notes'], 'invalid_type', 'notes must be a string or null, got a number']],
    });
  });
});

describe('readDate', () => {
  it('accepts dates that exist, leap days included', () => {
    for (const date of ['2024-02-29', '2000-02-29', '2023-12-31', '2023-01-01', '0999-06-15', '0000-02-29', '0050-03-01', '0099-12-31'])
      expect(read((p) => readDate(date, ['d'], p, 'on'))).toEqual({ value: date, problems: [] });
  });

  it('accepts exactly the days of the proleptic Gregorian calendar, years 0000 to 9999', () => {
    // The reference sets the full year itself, so the years 0-99 are not read as 1900-1999.
    const exists = (y: number, m: number, d: number): boolean => {
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d);
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    };
    const pad = (n: number, width: number): string => String(n).padStart(width, '0');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        expect(read((p) => readDate(text, ['d'], p, 'on')).problems.length === 0).toBe(exists(y, m, d));
      }),
      { seed: 38, numRuns: 2000 },
    );
  });

  it('refuses days that do not exist and any other shape, quoting the text', () => {
    for (const date of [
      '2023-02-29',
      '1900-02-29',
      '0100-02-29',
      '0001-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-01-32',
      '2024-1-01',
      ' 2024-01-01',
      '2024-01-01 ',
      'x2024-01-01',
      '2024-01-01T00:00:00Z',
      '24-01-01',
    ]) {
      expect(read((p) => readDate(date, ['d'], p, 'on'))).toEqual({
        value: undefined,
        problems: [[['d'], 'invalid_date', `on "${date}" is not a date of the form YYYY-MM-DD`]],
      });
    }
    expect(read((p) => readDate(20240101, ['d'], p, 'on')).problems).toEqual([
      [['d'], 'invalid_type', 'on must be a string, got a number'],
    ]);
  });
});

describe('readOrganisation', () => {
  it('reads id, name and domain (absent or null domain is null), frozen', () => {
    const { value, problems } = read((p) => readOrganisation({ id: ORG.buyer.id, name: 'B', domain: 'b.example' }, ['o'], p, 'buyer'));
    expect(problems).toEqual([]);
    expect(value).toEqual({ id: ORG.buyer.id, name: 'B', domain: 'b.example' });
    expect(Object.isFrozen(value)).toBe(true);
    expect(read((p) => readOrganisation({ id: ORG.buyer.id, name: '' }, ['o'], p, 'buyer')).value).toEqual({
      id: ORG.buyer.id,
      name: '',
      domain: null,
    });
    expect(read((p) => readOrganisation({ id: ORG.buyer.id, name: 'B', domain: null }, ['o'], p, 'buyer')).value?.domain).toBeNull();
  });

  it('refuses each bad field at its path, and gives nothing back', () => {
    expect(read((p) => readOrganisation({ id: 'org_bad', name: 3, domain: 4 }, ['o'], p, 'buyer'))).toEqual({
      value: undefined,
      problems: [
        [['o', 'id'], 'invalid_id', 'buyer id "org_bad" is not an organisation id (org_ prefix, 20 to 37 characters)'],
        [['o', 'name'], 'invalid_type', 'buyer name must be a string'],
        [['o', 'domain'], 'invalid_type', 'buyer domain must be a string or null'],
      ],
    });
    expect(read((p) => readOrganisation({ id: ORG.buyer.id }, ['o'], p, 'buyer'))).toEqual({
      value: undefined,
      problems: [[['o', 'name'], 'missing', 'buyer name must be a string']],
    });
    expect(read((p) => readOrganisation({ id: ORG.buyer.id, name: 'B', domain: 1 }, ['o'], p, 'buyer')).value).toBeUndefined();
    expect(read((p) => readOrganisation({ name: 'B' }, ['o'], p, 'buyer')).value).toBeUndefined();
    expect(read((p) => readOrganisation('org', ['o'], p, 'buyer')).problems).toEqual([
      [['o'], 'invalid_type', 'buyer must be an object, got a string'],
    ]);
  });

  it('gives an organisation back when problems were there before it was read', () => {
    const problems = new Problems();
    problems.add(['earlier'], 'missing', 'an earlier field');
    expect(readOrganisation(ORG.buyer, ['o'], problems, 'buyer')).toEqual(ORG.buyer);
  });
});

describe('readLocation', () => {
  const place = { country_code: 'GB', country_name: 'United Kingdom', latitude: 51.5, longitude: -0.1, description: 'plant' };

  it('reads a location (absent or null is null), frozen; description absent is null', () => {
    expect(read((p) => readLocation(undefined, ['l'], p))).toEqual({ value: null, problems: [] });
    expect(read((p) => readLocation(null, ['l'], p))).toEqual({ value: null, problems: [] });
    const { value, problems } = read((p) => readLocation(place, ['l'], p));
    expect(problems).toEqual([]);
    expect(value).toEqual(place);
    expect(Object.isFrozen(value)).toBe(true);
    const { description: _, ...bare } = place;
    expect(read((p) => readLocation(bare, ['l'], p)).value).toEqual({ ...bare, description: null });
    expect(read((p) => readLocation({ ...place, description: null }, ['l'], p)).value).toEqual({ ...place, description: null });
  });

  it('accepts latitude -90 to 90 and longitude -180 to 180, refusing beyond', () => {
    for (const [latitude, longitude] of [
      [90, 180],
      [-90, -180],
    ])
      expect(read((p) => readLocation({ ...place, latitude, longitude }, ['l'], p)).problems).toEqual([]);
    expect(read((p) => readLocation({ ...place, latitude: 90.5, longitude: -180.5 }, ['l'], p))).toEqual({
      value: undefined,
      problems: [
        [['l', 'latitude'], 'invalid_number', 'latitude 90.5 is outside -90 to 90'],
        [['l', 'longitude'], 'invalid_number', 'longitude -180.5 is outside -180 to 180'],
      ],
    });
    expect(read((p) => readLocation({ ...place, latitude: -91, longitude: 181 }, ['l'], p)).problems.map((x) => x[0])).toEqual([
      ['l', 'latitude'],
      ['l', 'longitude'],
    ]);
  });

  it('refuses each bad field at its path, and gives nothing back', () => {
    expect(read((p) => readLocation({ description: 5 }, ['l'], p))).toEqual({
      value: undefined,
      problems: [
        [['l', 'country_code'], 'missing', 'country_code is required'],
        [['l', 'country_name'], 'missing', 'country_name is required'],
        [['l', 'latitude'], 'missing', 'latitude must be a finite number, got nothing'],
        [['l', 'longitude'], 'missing', 'longitude must be a finite number, got nothing'],
        [['l', 'description'], 'invalid_type', 'description must be a string or null'],
      ],
    });
    for (const bad of [{ country_code: '' }, { country_name: 1 }, { latitude: '1' }, { longitude: null }, { description: 0 }])
      expect(read((p) => readLocation({ ...place, ...bad }, ['l'], p)).value).toBeUndefined();
    expect(read((p) => readLocation([], ['l'], p))).toEqual({
      value: undefined,
      problems: [[['l'], 'invalid_type', 'location must be an object, got an array']],
    });
  });

  it('gives a location back when problems were there before it was read', () => {
    const problems = new Problems();
    problems.add(['earlier'], 'missing', 'an earlier field');
    expect(readLocation(place, ['l'], problems)).toEqual(place);
  });
});

describe('readPurposes', () => {
  it('reads purposes in order', () => {
    expect(read((p) => readPurposes(['other', 'insetting'], ['r'], p))).toEqual({ value: ['other', 'insetting'], problems: [] });
  });

  it('refuses a non-array, an empty list, unknown and repeated purposes, each at its index', () => {
    expect(read((p) => readPurposes(undefined, ['r'], p))).toEqual({
      value: [],
      problems: [[['r'], 'missing', 'retirement_purposes must be an array, got nothing']],
    });
    expect(read((p) => readPurposes('other', ['r'], p)).problems).toEqual([
      [['r'], 'invalid_type', 'retirement_purposes must be an array, got a string'],
    ]);
    expect(read((p) => readPurposes([], ['r'], p))).toEqual({
      value: [],
      problems: [[['r'], 'no_purposes', 'at least one retirement purpose is required']],
    });
    const list = 'corporate_targets, public_environmental_claims, insetting, regulatory_requirement, other';
    expect(read((p) => readPurposes(['other', 'fun', 3, 'other', undefined], ['r'], p))).toEqual({
      value: ['other'],
      problems: [
        [['r', 1], 'invalid_purpose', `"fun" is not a retirement purpose (${list})`],
        [['r', 2], 'invalid_purpose', `3 is not a retirement purpose (${list})`],
        [['r', 3], 'duplicate_purpose', 'retirement purpose "other" is given twice'],
        [['r', 4], 'invalid_purpose', `nothing is not a retirement purpose (${list})`],
      ],
    });
  });
});

describe('readCountry', () => {
  it('accepts three capital letters only', () => {
    expect(read((p) => readCountry('GBR', ['c'], p))).toEqual({ value: 'GBR', problems: [] });
    for (const bad of ['GB', 'GBRR', 'gbr', 'GB1', ' GBR', 'GBR '])
      expect(read((p) => readCountry(bad, ['c'], p))).toEqual({
        value: undefined,
        problems: [[['c'], 'invalid_country', `country_of_issue "${bad}" is not an ISO 3166-1 alpha-3 code (three capital letters)`]],
      });
    expect(read((p) => readCountry(undefined, ['c'], p)).problems).toEqual([[['c'], 'missing', 'country_of_issue is required']]);
  });
});

/** A ledger that knows nothing: no statement issued, no supplier registered. */
const EMPTY: IssuanceContext = { issuedAs: () => undefined, supplierOrganisation: () => undefined };

/** The problems of a request as [path, code, message]; fails when the request was accepted. */
function problemsOf(input: unknown, context: IssuanceContext = EMPTY): [readonly (string | number)[], string, string][] {
  const checked = checkIssuanceRequest(input, context);
  if (checked.ok) throw new Error('expected the issuance request to be refused');
  return checked.problems.map((p) => [p.path, p.code, p.message]);
}

describe('checkIssuanceRequest', () => {
  it('gives every field of a valid request, the period from the entries when not given', () => {
    const a = entry(10, 2, '2024-06-30', 'LATE');
    const b = entry('20', 0n, '2024-01-15', 'EARLY');
    const request = issuance([a, b]);
    const checked = checkIssuanceRequest(request, EMPTY);
    expect(checked).toEqual({
      ok: true,
      issuance: {
        statementId: request.ghg_statement_id,
        projectId: PROJECT_A,
        supplierId: SUPPLIER_A,
        supplierOrg: ORG.supplier,
        bufferOrg: ORG.buffer,
        country: 'GBR',
        registryCode: 'ISO',
        pathwayCode: 'BSTORE',
        projectCode: 'F5X7',
        ccpApproved: false,
        start: '2024-01-15',
        end: '2024-06-30',
        entries: [
          { ghgEntryId: a.ghg_entry_id, sequesteredOn: '2024-06-30', supplierKg: 10n, bufferKg: 2n, carbon: a.carbon_removal_data },
          { ghgEntryId: b.ghg_entry_id, sequesteredOn: '2024-01-15', supplierKg: 20n, bufferKg: 0n, carbon: b.carbon_removal_data },
        ],
      },
    });
    if (!checked.ok) return;
    expect(Object.isFrozen(checked.issuance.entries[0]?.carbon)).toBe(true);
    expect(Object.keys(checked.issuance.entries[0]?.carbon ?? {})).toEqual([
      'counterfactuals_kg',
      'emissions_kg',
      'gross_carbon_removed_kg',
      'losses_kg',
      'net_carbon_removed_kg',
    ]);
  });

  it('takes a given start or end over the entries, ccp_approved as given, and accepts a one-day period', () => {
    const entries = [entry(1, 0, '2024-03-03'), entry(1, 0, '2024-05-05')];
    const startOnly = checkIssuanceRequest(issuance(entries, { reporting_period_start_at: '2024-01-01' }), EMPTY);
    expect(startOnly.ok && [startOnly.issuance.start, startOnly.issuance.end]).toEqual(['2024-01-01', '2024-05-05']);
    const endOnly = checkIssuanceRequest(issuance(entries, { reporting_period_end_at: '2024-12-31', ccp_approved: true }), EMPTY);
    expect(endOnly.ok && [endOnly.issuance.start, endOnly.issuance.end, endOnly.issuance.ccpApproved]).toEqual([
      '2024-03-03',
      '2024-12-31',
      true,
    ]);
    const notApproved = checkIssuanceRequest(issuance(entries, { ccp_approved: false }), EMPTY);
    expect(notApproved.ok && notApproved.issuance.ccpApproved).toBe(false);
    const oneDay = checkIssuanceRequest(
      issuance([entry(1, 0, '2024-03-03')], { reporting_period_start_at: '2024-03-03', reporting_period_end_at: '2024-03-03' }),
      EMPTY,
    );
    expect(oneDay.ok).toBe(true);
  });

  it('refuses a period that ends before it starts, and a ccp_approved that is not a boolean', () => {
    expect(problemsOf(issuance([entry(1, 0, '2024-03-03')], { reporting_period_start_at: '2024-03-04' }))).toEqual([
      [['reporting_period_end_at'], 'invalid_period', 'the reporting period ends (2024-03-03) before it starts (2024-03-04)'],
    ]);
    expect(problemsOf(issuance([entry(1, 0)], { ccp_approved: 'yes' as never }))).toEqual([
      [['ccp_approved'], 'invalid_type', 'ccp_approved must be a boolean'],
    ]);
    expect(problemsOf(issuance([entry(1, 0)], { reporting_period_start_at: '2024-02-30' }))).toEqual([
      [['reporting_period_start_at'], 'invalid_date', 'reporting_period_start_at "2024-02-30" is not a date of the form YYYY-MM-DD'],
    ]);
  });

  it('names the issuance a statement was issued as, and the organisation a supplier belongs to', () => {
    const request = issuance([entry(1, 0)]);
    const context: IssuanceContext = {
      issuedAs: (id) => (id === request.ghg_statement_id ? 'iss_EARLIER' : undefined),
      supplierOrganisation: (id) => (id === SUPPLIER_A ? ORG.other.id : undefined),
    };
    expect(problemsOf(request, context)).toEqual([
      [['ghg_statement_id'], 'statement_already_issued', `GHG statement ${request.ghg_statement_id} was already issued as iss_EARLIER`],
      [
        ['supplier_organisation', 'id'],
        'supplier_organisation_conflict',
        `supplier ${SUPPLIER_A} belongs to ${ORG.other.id}, not ${ORG.supplier.id}`,
      ],
    ]);
    // The supplier's own organisation is no conflict.
    expect(checkIssuanceRequest(request, { ...EMPTY, supplierOrganisation: () => ORG.supplier.id }).ok).toBe(true);
    expect(problemsOf(issuance([entry(1, 0)], { buffer_pool_organisation: { ...ORG.buffer, id: ORG.supplier.id } }))).toEqual([
      [['buffer_pool_organisation', 'id'], 'same_organisation', 'the buffer pool must be held by an organisation other than the supplier'],
    ]);
  });

  it('takes serial codes of 1 to 32 letters or digits', () => {
    const ok = checkIssuanceRequest(
      issuance([entry(1, 0)], { registry_code: 'A', pathway_code: 'z9', project_code: 'X'.repeat(32) }),
      EMPTY,
    );
    expect(ok.ok && [ok.issuance.registryCode, ok.issuance.pathwayCode, ok.issuance.projectCode]).toEqual(['A', 'z9', 'X'.repeat(32)]);
    expect(problemsOf(issuance([entry(1, 0)], { registry_code: 'IS O', pathway_code: 'B-1', project_code: 'X'.repeat(33) }))).toEqual([
      [
        ['registry_code'],
        'invalid_serial_code',
        'registry_code "IS O" must be 1 to 32 letters or digits (it is a part of serial numbers, which "-" separates)',
      ],
      [
        ['pathway_code'],
        'invalid_serial_code',
        'pathway_code "B-1" must be 1 to 32 letters or digits (it is a part of serial numbers, which "-" separates)',
      ],
      [
        ['project_code'],
        'invalid_serial_code',
        `project_code "${'X'.repeat(33)}" must be 1 to 32 letters or digits (it is a part of serial numbers, which "-" separates)`,
      ],
    ]);
  });

  it('refuses entries that are not a non-empty array of objects, naming each', () => {
    expect(problemsOf(issuance(undefined as never))).toEqual([[['entries'], 'missing', 'entries must be an array of GHG entries']]);
    expect(problemsOf(issuance({} as never))).toEqual([[['entries'], 'invalid_type', 'entries must be an array of GHG entries']]);
    expect(problemsOf(issuance([]))).toEqual([[['entries'], 'no_entries', 'an issuance needs at least one GHG entry']]);
    expect(problemsOf(issuance([entry(1, 0), 'x' as never]))).toEqual([
      [['entries', 1], 'invalid_type', 'entry 1 must be an object, got a string'],
    ]);
  });

  it('refuses a repeated GHG entry naming the entry it repeats, and each bad amount or figure', () => {
    const first = entry(1, 0, '2024-01-01', 'TWICE');
    expect(problemsOf(issuance([entry(1, 0), first, { ...first }]))).toEqual([
      [['entries', 2, 'ghg_entry_id'], 'duplicate_ghg_entry', `GHG entry ${first.ghg_entry_id} already appears in entry 1`],
    ]);
    const { supplier_allocation_kg: _, ...noSupplier } = entry(1, 0);
    const { carbon_removal_data: __, ...noCarbon } = entry(1, 0);
    expect(
      problemsOf(
        issuance([
          noSupplier as never,
          { ...entry(1, -1n) },
          { ...entry('x', 0) },
          noCarbon as never,
          { ...entry(1, 0), carbon_removal_data: { ...first.carbon_removal_data, losses_kg: '0' } } as never,
        ]),
      ),
    ).toEqual([
      [['entries', 0, 'supplier_allocation_kg'], 'missing', 'supplier_allocation_kg is required'],
      [['entries', 1, 'buffer_pool_contribution_kg'], 'negative_amount', '-1 kg is negative; issued amounts are 0 or more'],
      [['entries', 2, 'supplier_allocation_kg'], 'invalid_number', '"x" is not a decimal number of kg'],
      [['entries', 3, 'carbon_removal_data'], 'missing', 'carbon_removal_data must be an object, got nothing'],
      [['entries', 4, 'carbon_removal_data', 'losses_kg'], 'invalid_type', 'losses_kg must be a finite number, got a string'],
    ]);
  });

  it('refuses an entry whose only problem is its id', () => {
    expect(problemsOf(issuance([{ ...entry(1, 0), ghg_entry_id: fakeId('ggs', 'WRONGKIND') }]))).toEqual([
      [
        ['entries', 0, 'ghg_entry_id'],
        'invalid_id',
        `ghg_entry_id "${fakeId('ggs', 'WRONGKIND')}" is not a ghg_entry id (rmv_ prefix, 20 to 37 characters)`,
      ],
    ]);
  });
});

describe('CreditLedgerError', () => {
  const problem = (message: string) => ({ path: ['lines', 0, 'kg'], code: 'missing' as const, message });

  it('summarises its first problem and counts the others', () => {
    expect(new CreditLedgerError('transfer', []).message).toBe('transfer refused: refused');
    expect(new CreditLedgerError('transfer', [problem('one')]).message).toBe('transfer refused: lines[0].kg: one');
    expect(new CreditLedgerError('refund', [problem('one'), problem('two')]).message).toBe(
      'refund refused: lines[0].kg: one (and 1 more problem)',
    );
    expect(new CreditLedgerError('issuance', [problem('one'), problem('two'), problem('three')]).message).toBe(
      'issuance refused: lines[0].kg: one (and 2 more problems)',
    );
    const error = new CreditLedgerError('delivery', [problem('one')]);
    expect([error.name, error.operation, error.problems]).toEqual(['CreditLedgerError', 'delivery', [problem('one')]]);
  });

  it('is recognised by its brand, and nothing else is', () => {
    const error = new CreditLedgerError('delivery', [problem('one')]);
    expect(error instanceof CreditLedgerError && isCreditLedgerError(error)).toBe(true);
    for (const other of [new Error('x'), { name: 'CreditLedgerError' }, null, 'CreditLedgerError'])
      expect([other instanceof CreditLedgerError, isCreditLedgerError(other)]).toEqual([false, false]);
  });
});
