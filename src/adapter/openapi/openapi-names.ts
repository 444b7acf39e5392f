/**
 * The names of the OpenAPI document's component schemas, in one scheme for every resource: the
 * resource as read is its noun (`GhgEntry`, `Datapoint`, `Organisation`), a request body is the
 * noun followed by what it does (`GhgEntryCreate`, `GhgEntryPatch`, `GhgStatementSubmit`,
 * `ProjectComponentGhgEntryAttributionUpdate`), in the service's vocabulary (a removal is a GHG
 * entry, except in the names of the removal template and of `carbon_removal_data`; organisation with an s) (docs/service.md).
 */

/** The verbs of request bodies, as the exports name them (`createDatapointRequestSchema`), and the suffix each becomes. */
const VERBS: readonly (readonly [prefix: string, suffix: string])[] = [
  ['Create', 'Create'],
  ['Patch', 'Patch'],
  ['Update', 'Update'],
  ['Submit', 'Submit'],
];

/** Names whose parts do not follow from the rule: `Add<X>To<Y>`, a response named after its request, a request's quantity. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  AddComponentToRemoval: 'GhgEntryComponentAdd',
  CreateSourceResponse: 'SourceCreated',
  SignedUploadUrlRequest: 'SignedUploadUrlCreate',
  RequestQuantity: 'QuantityInput',
};

/** The service's vocabulary: a removal is a GHG entry (a removal template and the carbon removal data keep their names); organisation with an s. */
function inVocabulary(name: string): string {
  return name.replace(/Organization/g, 'Organisation').replace(/Removal(?!Template|Data)/g, 'GhgEntry');
}

/**
 * The component schema name of an exported zod schema, from its export name without `Schema`,
 * capitalised (`createRemovalRequest` is `GhgEntryCreate`, `organisation` is `Organisation`).
 */
export function componentSchemaName(exportName: string): string {
  const name = `${exportName.charAt(0).toUpperCase()}${exportName.slice(1)}`;
  const exception = EXCEPTIONS[name];
  if (exception !== undefined) return exception;
  for (const [prefix, suffix] of VERBS) {
    if (!name.startsWith(prefix) || name.length === prefix.length) continue;
    const noun = name.slice(prefix.length).replace(/Request$/, '');
    return `${inVocabulary(noun)}${suffix}`;
  }
  return inVocabulary(name);
}

/**
 * Whether a component schema name follows the scheme: a noun in the service's vocabulary, a request
 * body's verb after it, never `Request` or a verb before the noun.
 */
export function followsNamingScheme(name: string): boolean {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) return false;
  if (/^(Create|Patch|Update|Submit|Add)[A-Z]/.test(name) || /Request(Input)?$/.test(name)) return false;
  if (name.includes('Organization')) return false;
  return !/Removal(?!Template|Data)/.test(name);
}
