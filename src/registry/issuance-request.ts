/**
 * Checking an issuance request (phase 1 of an issuance: every problem collected, nothing changed).
 * Not part of the public API.
 */
import type { LedgerProblem } from './errors';
import { parseKg } from './quantity';
import { SERIAL_CODE } from './serial';
import type { CarbonRemovalDataView, OrganisationView } from './types';
import { Problems, readCountry, readDate, readId, readNumber, readObject, readOrganisation, readString, type Path } from './validate';

/** The figures of `carbon_removal_data`, in the order snapshots list them. */
export const CARBON_FIELDS = [
  'counterfactuals_kg',
  'emissions_kg',
  'gross_carbon_removed_kg',
  'losses_kg',
  'net_carbon_removed_kg',
] as const satisfies readonly (keyof CarbonRemovalDataView)[];

/** One entry of a checked issuance. */
export interface CheckedIssuanceEntry {
  readonly ghgEntryId: string;
  readonly sequesteredOn: string;
  readonly supplierKg: bigint;
  readonly bufferKg: bigint;
  readonly carbon: CarbonRemovalDataView;
}

/** A checked issuance request, ready to apply. */
export interface CheckedIssuance {
  readonly statementId: string;
  readonly projectId: string;
  readonly supplierId: string;
  readonly supplierOrg: OrganisationView;
  readonly bufferOrg: OrganisationView;
  readonly country: string;
  readonly registryCode: string;
  readonly pathwayCode: string;
  readonly projectCode: string;
  readonly ccpApproved: boolean;
  /** Reporting period, given or else the range of the entries' `sequestered_on`. */
  readonly start: string;
  readonly end: string;
  readonly entries: readonly CheckedIssuanceEntry[];
}

/** What the check needs to know of the ledger. */
export interface IssuanceContext {
  /** The issuance a statement was issued as, if it was. */
  issuedAs(statementId: string): string | undefined;
  /** The organisation of a known supplier. */
  supplierOrganisation(supplierId: string): string | undefined;
}

/** Checks an issuance request against the ledger, collecting every problem. */
export function checkIssuanceRequest(
  input: unknown,
  context: IssuanceContext,
): { readonly ok: true; readonly issuance: CheckedIssuance } | { readonly ok: false; readonly problems: readonly LedgerProblem[] } {
  const problems = new Problems();
  const req = readObject(input, [], problems, 'issuance request');
  if (req === undefined) return { ok: false, problems: problems.list };

  const statementId = readId('ghg_statement', req.ghg_statement_id, ['ghg_statement_id'], problems, 'ghg_statement_id');
  const issuedAs = statementId === undefined ? undefined : context.issuedAs(statementId);
  if (issuedAs !== undefined)
    problems.add(['ghg_statement_id'], 'statement_already_issued', `GHG statement ${statementId ?? ''} was already issued as ${issuedAs}`);
  const projectId = readId('project', req.project_id, ['project_id'], problems, 'project_id');
  const supplierId = readId('supplier', req.supplier_id, ['supplier_id'], problems, 'supplier_id');
  const supplierOrg = readOrganisation(req.supplier_organisation, ['supplier_organisation'], problems, 'supplier_organisation');
  const bufferOrg = readOrganisation(req.buffer_pool_organisation, ['buffer_pool_organisation'], problems, 'buffer_pool_organisation');
  const knownOrg = supplierId === undefined ? undefined : context.supplierOrganisation(supplierId);
  if (knownOrg !== undefined && supplierOrg !== undefined && knownOrg !== supplierOrg.id) {
    problems.add(
      ['supplier_organisation', 'id'],
      'supplier_organisation_conflict',
      `supplier ${supplierId ?? ''} belongs to ${knownOrg}, not ${supplierOrg.id}`,
    );
  }
  if (supplierOrg !== undefined && bufferOrg !== undefined && supplierOrg.id === bufferOrg.id) {
    problems.add(
      ['buffer_pool_organisation', 'id'],
      'same_organisation',
      'the buffer pool must be held by an organisation other than the supplier',
    );
  }
  const country = readCountry(req.country_of_issue, ['country_of_issue'], problems);
  const [registryCode, pathwayCode, projectCode] = (['registry_code', 'pathway_code', 'project_code'] as const).map((key) => {
    const code = readString(req[key], [key], problems, key);
    if (code !== undefined && !SERIAL_CODE.test(code)) {
      problems.add(
        [key],
        'invalid_serial_code',
        `${key} "${code}" must be 1 to 32 letters or digits (it is a part of serial numbers, which "-" separates)`,
      );
      return undefined;
    }
    return code;
  });
  let ccpApproved = false;
  if (req.ccp_approved !== undefined) {
    if (typeof req.ccp_approved === 'boolean') ccpApproved = req.ccp_approved;
    else problems.add(['ccp_approved'], 'invalid_type', 'ccp_approved must be a boolean');
  }
  const optionalDate = (key: 'reporting_period_start_at' | 'reporting_period_end_at') =>
    req[key] === undefined ? undefined : readDate(req[key], [key], problems, key);
  const periodStart = optionalDate('reporting_period_start_at');
  const periodEnd = optionalDate('reporting_period_end_at');

  const entries = readEntries(req.entries, problems);
  const dates = entries.map((e) => e.sequesteredOn).sort();
  const start = periodStart ?? dates[0];
  const end = periodEnd ?? dates[dates.length - 1];
  if (start !== undefined && end !== undefined && start > end) {
    problems.add(['reporting_period_end_at'], 'invalid_period', `the reporting period ends (${end}) before it starts (${start})`);
  }
  if (
    !problems.empty ||
    statementId === undefined ||
    projectId === undefined ||
    supplierId === undefined ||
    supplierOrg === undefined ||
    bufferOrg === undefined ||
    country === undefined ||
    registryCode === undefined ||
    pathwayCode === undefined ||
    projectCode === undefined ||
    start === undefined ||
    end === undefined
  ) {
    return { ok: false, problems: problems.list };
  }
  return {
    ok: true,
    issuance: {
      statementId,
      projectId,
      supplierId,
      supplierOrg,
      bufferOrg,
      country,
      registryCode,
      pathwayCode,
      projectCode,
      ccpApproved,
      start,
      end,
      entries,
    },
  };
}

function readEntries(value: unknown, problems: Problems): CheckedIssuanceEntry[] {
  const entries: CheckedIssuanceEntry[] = [];
  if (!Array.isArray(value)) {
    problems.add(['entries'], value === undefined ? 'missing' : 'invalid_type', 'entries must be an array of GHG entries');
    return entries;
  }
  if (value.length === 0) {
    problems.add(['entries'], 'no_entries', 'an issuance needs at least one GHG entry');
    return entries;
  }
  const seen = new Map<string, number>();
  value.forEach((raw: unknown, i) => {
    const path: Path = ['entries', i];
    const entry = readObject(raw, path, problems, `entry ${i}`);
    if (entry === undefined) return;
    const before = problems.list.length;
    const ghgEntryId = readId('ghg_entry', entry.ghg_entry_id, [...path, 'ghg_entry_id'], problems, 'ghg_entry_id');
    if (ghgEntryId !== undefined) {
      const first = seen.get(ghgEntryId);
      if (first !== undefined)
        problems.add([...path, 'ghg_entry_id'], 'duplicate_ghg_entry', `GHG entry ${ghgEntryId} already appears in entry ${first}`);
      else seen.set(ghgEntryId, i);
    }
    const sequesteredOn = readDate(entry.sequestered_on, [...path, 'sequestered_on'], problems, 'sequestered_on');
    const supplierKg = readIssuedKg(entry.supplier_allocation_kg, [...path, 'supplier_allocation_kg'], problems);
    const bufferKg = readIssuedKg(entry.buffer_pool_contribution_kg, [...path, 'buffer_pool_contribution_kg'], problems);
    const carbon = readObject(entry.carbon_removal_data, [...path, 'carbon_removal_data'], problems, 'carbon_removal_data');
    const figures: Partial<Record<(typeof CARBON_FIELDS)[number], number>> = {};
    if (carbon !== undefined) {
      for (const field of CARBON_FIELDS)
        figures[field] = readNumber(carbon[field], [...path, 'carbon_removal_data', field], problems, field);
    }
    if (
      problems.list.length > before ||
      ghgEntryId === undefined ||
      sequesteredOn === undefined ||
      supplierKg === undefined ||
      bufferKg === undefined
    )
      return;
    entries.push({
      ghgEntryId,
      sequesteredOn,
      supplierKg,
      bufferKg,
      carbon: Object.freeze({
        counterfactuals_kg: figures.counterfactuals_kg ?? 0,
        emissions_kg: figures.emissions_kg ?? 0,
        gross_carbon_removed_kg: figures.gross_carbon_removed_kg ?? 0,
        losses_kg: figures.losses_kg ?? 0,
        net_carbon_removed_kg: figures.net_carbon_removed_kg ?? 0,
      }),
    });
  });
  return entries;
}

/** Reads an issued amount: a whole number of kg, zero allowed (no batch is then created). */
function readIssuedKg(value: unknown, path: Path, problems: Problems): bigint | undefined {
  if (value === undefined) {
    problems.add(path, 'missing', `${String(path[path.length - 1])} is required`);
    return undefined;
  }
  const parsed = parseKg(value);
  if (!parsed.ok) {
    problems.add(path, parsed.code, parsed.message);
    return undefined;
  }
  if (parsed.kg < 0n) {
    problems.add(path, 'negative_amount', `${parsed.kg} kg is negative; issued amounts are 0 or more`);
    return undefined;
  }
  return parsed.kg;
}
