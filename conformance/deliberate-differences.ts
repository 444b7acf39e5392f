/**
 * THE ONE PLACE naming where the service's own OpenAPI document deliberately differs from the real
 * service's documents (`../shared/spec/openapi/`, an older edition of the same service), each rule
 * with its reason. The conformance script lists every difference (document-differences.ts); each
 * must match exactly one rule here, and each rule must match at least one difference. Anything
 * else is a defect to fix, not to add here without a reason from interface.md or semantics.md.
 */

/** A deliberate difference: the difference keys it covers, and why. */
export interface DeliberateDifference {
  readonly pattern: RegExp;
  readonly reason: string;
}

/** The deliberate differences. */
export const DELIBERATE_DIFFERENCES: readonly DeliberateDifference[] = [
  {
    pattern: / status \+401$/,
    reason:
      'Every operation requires a valid bearer token and client secret (interface.md 4.1.1, semantics.md 7); the real document shows only 422, our document shows the 401 answered without one.',
  },
  {
    pattern: / status \+404$/,
    reason:
      'An unknown resource, or one the caller may not see, is 404 exactly as a missing one (semantics.md 7); the real document shows no 404.',
  },
  {
    pattern: / status \+409$/,
    reason:
      'A conflict with stored state (a supplier_reference_id in use, deleting something in use, changing a submitted entry) is 409 (semantics.md 7); the real document shows no 409.',
  },
  {
    pattern:
      /^(GET|POST|PATCH|DELETE) \/mrv\/v0\/(ghg_entries|project_components\/\{id\}\/ghg_entry_attributions|project_components\/\{component_id\}\/ghg_entry_attributions\/\{ghg_entry_id\})[^ ]* extra$/,
    reason:
      'The GHG entry spelling of every path that names removals is served beside the older one (semantics.md 7); the real document has only the older spelling.',
  },
  {
    pattern: /^(GET|POST|DELETE) \/sandbox\/v0\/.* extra$/,
    reason:
      'Test helpers under /sandbox/v0 do what the real service does on its own side (contract.md 6); they never exist under /mrv/v0 or /registry/v0.',
  },
  {
    pattern: /^(POST|PATCH|DELETE|PUT) [^ ]+ status \+503$/,
    reason:
      'A write that `serve --state` cannot commit (a full disk, an I/O error) is answered 503 with Retry-After and changes nothing (docs/service.md); the real document does not declare it.',
  },
  {
    pattern: / (response|node) \+total_co2e_removed_kg$/,
    reason:
      "A statement carries its total, the sum of its entries' rounded nets (semantics.md 5); the older document shows only the pending total.",
  },
  {
    pattern: / (response|node) \+(risk_of_reversal_percentage|credit_allocation)$/,
    reason:
      'interface.md 2.3 (the authority) gives a GHG entry risk_of_reversal_percentage and credit_allocation; the older document lacks them.',
  },
  {
    pattern: / (response|node) \+(ghg_entry_id|ghg_entry_template_component_id)$/,
    reason: 'interface.md 2.4, 2.5, 2.10 and 2.14 list both spellings of these ids; responses carry both (semantics.md 7).',
  },
  {
    pattern: / param \+query:(used_in_ghg_entry|used_in_ghg_entry_template|ghg_entry_id)$/,
    reason: 'The GHG entry spelling of a query filter beside the older one (interface.md 4.3 operation 10, semantics.md 7).',
  },
  {
    pattern: /^GET \/mrv\/v0\/measurement_samples param \+query:(first|after|last|before)$/,
    reason: 'interface.md 4.3 operation 1 pages the measurement samples with the pagination parameters; the older document takes none.',
  },
  {
    pattern: / (response|node) \+(project_id|removal_template_id|source_ids|file_upload_id|ghg_statement_id)$/,
    reason:
      'The record names what it belongs to or was made from (new properties are a non-breaking change, interface.md 9.4); the older document does not show them.',
  },
  {
    pattern: /^GET \/mrv\/v0\/organisation response \+domain$/,
    reason:
      "The data ingestion organisation is the registry's Organisation {id, name, domain} (interface.md 2.2); the older document shows {id, name}.",
  },
  {
    pattern: / (response|node) required (description|latitude|longitude|supplier_reference_id)$/,
    reason: 'A storage unit always carries these fields, null when not given; the older document lets them be left out.',
  },
];
