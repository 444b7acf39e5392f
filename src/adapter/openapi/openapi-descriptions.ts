/**
 * The words of the OpenAPI document: a description of every field of every schema (by field name,
 * or by `Schema.field` where one name means something else in one schema), of every parameter and
 * of every operation, with who may call each test helper (docs/service.md, "Test helpers"). Applied
 * to the generated document by {@link describeDocument}; the meaning of the fields is that of
 * docs/rules.md and docs/service.md.
 */
/** A JSON Schema object as the document holds it. */
type JsonSchemaObject = { [key: string]: unknown };

/** What a field holds, by field name, wherever it appears. */
const FIELDS: Readonly<Record<string, string>> = {
  __typename: 'Which variant of the body this is (its schema name in the service).',
  account_id: "The supplier's Stripe account.",
  active_credits_total: 'Credits held and not retired.',
  activity_completed_at: "When the component's activity ended.",
  activity_started_at: "When the component's activity began.",
  add_components: 'Components to attribute to the GHG entry, each at a step of its process.',
  allocation_strategy: "How a project component's emissions are shared over the project's GHG statements.",
  application_date: 'The day the biochar was applied.',
  attribution_factor: 'The share of the component attributed to the GHG entry (0 to 1).',
  attribution_factor_datapoint_id: 'Legacy: a datapoint whose magnitude is the attribution factor (`dtp_`).',
  average_application_rate: 'Biochar applied per area.',
  beneficiary: 'The organisation on whose behalf the credits were retired.',
  beneficiary_domain: "The beneficiary organisation's web domain.",
  beneficiary_email: "The beneficiary's email address.",
  beneficiary_name: "The beneficiary's name.",
  beneficiary_organisation_id: 'The organisation on whose behalf the credits are retired (`org_`).',
  blueprint_key: 'The key of the component blueprint the component follows (its inputs and expressions).',
  buffer_pool_contribution_kg: 'Credits (kg) that go to the buffer pool: issuable kg times the risk of reversal, rounded up.',
  buffer_pool_credit_batch_size_total: 'Credits issued to the buffer pool.',
  buffer_pool_credit_batches: 'The credit batches issued to the buffer pool.',
  buyer_organisation: 'The organisation buying the credits.',
  buyer_organisation_id: 'The organisation buying the credits (`org_`).',
  cancel_url: 'Where the buyer is sent when they cancel the checkout.',
  carbon_removal_data: "The removal's figures behind the batch (counterfactuals, emissions, gross, losses, net).",
  ccp_approved: 'Whether the credits carry the Core Carbon Principles label.',
  checkout_session: 'The checkout session, now complete.',
  co2e_net_removed_kg: 'CO2e removed, net of emissions, losses and counterfactuals, after the uncertainty discount (kg).',
  co2e_net_removed_standard_deviation_kg:
    'Standard deviation of the net removal (kg), hence the uncertainty discount applied; null without uncertainty.',
  co2e_net_removed_without_discount_kg: 'CO2e removed net, before the uncertainty discount (kg).',
  compatible_unit: 'A unit the input accepts (any unit of the same dimension is converted).',
  completed_on: 'The last day of the activities.',
  component_blueprint_key: 'The component blueprint the new component follows.',
  component_data: 'The component to create: blueprint, inputs and allocation.',
  component_group_key:
    "The key of the removal template's component group the component is attributed under (which part of the process it stands for, such as transport or energy).",
  component_id: 'The component (`cmp_`).',
  components: 'The components, in order.',
  components_to_add: 'Components to attribute to the GHG entry.',
  components_to_remove: 'Components to remove wholly from the GHG entry (`cmp_`).',
  content_length: 'The size of the file to upload, in bytes.',
  content_type: 'The media type of the file to upload.',
  counterfactuals_kg: 'CO2e that would have been removed without the project (kg).',
  country_code: 'ISO 3166-1 alpha-3 country code.',
  country_name: "The country's name.",
  country_of_issue: 'The country where the credits were issued (ISO 3166-1 alpha-3).',
  created_at: 'When it was created.',
  credit_allocation: 'Split of the issuable credits between supplier and buffer pool; null when the risk of reversal is not set.',
  credit_batch_id: 'The credit batch (`ctb_`).',
  credit_batch_quantities: 'How many credits are taken from which batch.',
  credit_batch_size_total: 'The credits concerned, in all.',
  credit_batches: 'The credit batches.',
  credit_kgs: 'The amount in kg of CO2e (1 credit = 1,000 kg), an integer.',
  credit_product_price_per_tonne: 'Price of one credit (tonne) in the checkout.',
  credit_quantity_kg: 'Credits in kg of CO2e.',
  credits: 'The amount in credits (tonnes, 3 decimals).',
  credits_delivered: 'Credits delivered so far.',
  credits_issued_at: 'When credits were issued; null before.',
  credits_ordered: 'Credits ordered.',
  credits_ordered_kg: 'Credits ordered, in kg.',
  crediting_period_end: "The end of the project's crediting period.",
  crediting_period_start: "The start of the project's crediting period.",
  currency: 'The currency of the prices (ISO 4217).',
  current_verifier_name: "The name of the project's current verifier.",
  customer_email: "The buyer's email address.",
  data_shape: 'Whether the input takes one value (`scalar`) or a list of values (`list`).',
  datapoint_id: 'The datapoint (`dtp_`).',
  datapoint_ids: 'The datapoints of a list input, in order (`dtp_`).',
  days: 'Days to move the clock forward (with `seconds`, both added).',
  delete_component_ids: 'Components to remove from the GHG entry (`cmp_`).',
  delivered_at: 'When the credits were delivered.',
  delivery_date: 'The day the feedstock was delivered.',
  delivery_id: 'The delivery (`dlv_`).',
  description: 'A free-text description.',
  detail: 'What went wrong.',
  display_name: 'A human-readable name.',
  domain: "The organisation's web domain.",
  effective_contract_date: 'When the order took effect.',
  emissions_kg: 'CO2e emitted by the activities (kg).',
  end_cursor: 'The cursor of the last node of the page (give it as `after` for the next page).',
  end_on: "The statement's last day: it takes the project's draft GHG entries completed on or before it.",
  ended_at: 'When the batch ended.',
  error_message: 'Why processing failed; null unless failed.',
  expressions: "The blueprint's expressions: how its outputs follow from its inputs.",
  facility_id: 'The facility (`fcl_`).',
  feedstock_batch_id: 'The feedstock batch (`ftb_`).',
  feedstock_type_id: 'The feedstock type (`ftt_`).',
  feedstock_type_ids: 'The feedstock types (`ftt_`).',
  file_name: "The file's name.",
  file_upload_id: 'The file upload (`tfu_`).',
  frequency: 'How often.',
  from_buffer_pool_organisation: 'The buffer pool organisation the credits come from.',
  from_organisation: 'The organisation the credits come from.',
  from_organisation_id: 'The organisation the credits come from (`org_`).',
  from_supplier: 'The supplier that delivered the credits.',
  fulfilled_at: 'When the order was fulfilled; null before.',
  ghg_entry_id: 'The GHG entry (`rmv_`).',
  ghg_entry_template_component_id: 'The removal template component it stands for (`rtc_`).',
  ghg_statement: 'The GHG statement.',
  ghg_statement_id: 'The GHG statement (`ggs_`); null for a draft GHG entry not yet in a statement.',
  ghg_statement_report_url: "Where the statement's report is published.",
  gross_carbon_removed_kg: 'CO2e removed before emissions, losses and counterfactuals (kg).',
  groups: "The template's component groups.",
  has_next_page: 'Whether nodes follow this page.',
  has_previous_page: 'Whether nodes precede this page.',
  id: 'The id.',
  input: 'The value that was refused (cut to 200 characters when the answer would be long).',
  input_key: 'The key of the input.',
  inputs: 'The inputs.',
  is_accessible: 'Whether the caller may download the file.',
  is_public: 'Whether the source is public once its GHG entry is on the public registry.',
  isometric_terms_and_conditions_accepted: "Whether the buyer accepted the registry's terms and conditions.",
  isometric_terms_and_conditions_url: "Where the registry's terms and conditions are.",
  issuance: 'The issuance.',
  issuance_id: 'The issuance (`iss_`).',
  issued_at: 'When the credits were issued.',
  issued_buffer_pool_credits_total: 'Credits issued to the buffer pool for the project.',
  issued_credits_total: 'Credits issued for the project.',
  key: 'The key that names it.',
  kind: 'The kind of production batch.',
  latitude: 'Latitude in decimal degrees (WGS 84).',
  left_child_id: 'The first of the two batches this batch was split into (`ctb_`); null when not split.',
  loc: 'Where the problem is: `body`, `query`, `path` or `header`, then the keys and indexes down to the value.',
  location: 'Where it is.',
  locked_status: 'Whether the datapoint can still be changed (it is locked once its GHG entry is submitted).',
  long_description: 'A long description.',
  longitude: 'Longitude in decimal degrees (WGS 84).',
  losses_kg: 'CO2e lost (kg).',
  magnitude: 'The value, in `unit`.',
  manufacturer: "The sensor's manufacturer.",
  mass: 'The mass.',
  measured_at: 'When it was measured.',
  measurement_location_id: 'The measurement location (`mlc_`).',
  measurement_property: 'What is measured.',
  measurement_type: 'The type of measurement.',
  model: "The sensor's model.",
  monitoring_phase: 'The monitoring phase the requirement belongs to.',
  msg: 'What is wrong, in words.',
  name: 'The name.',
  net_carbon_removed_kg: 'CO2e removed net (kg).',
  nodes: 'The items of this page.',
  notes: 'Free-text notes.',
  now: "The sandbox clock's current instant.",
  offset_seconds: "How far the sandbox clock is ahead of the machine's, in seconds.",
  order: 'The order placed.',
  order_balances: "The organisation's credits by order.",
  order_id: 'The order (`ord_`).',
  organisation: 'The organisation.',
  original_filename: 'The name of the uploaded file.',
  outcome: '`VERIFIED` (the default) or `FAILED` (the statement may then be amended and resubmitted).',
  owner: 'The organisation holding the credits.',
  owner_organisation_id: 'The organisation whose credits are retired (`org_`).',
  page_info: 'Where this page is in the list.',
  parent_id: 'The batch this batch was split from (`ctb_`); null for an issued batch.',
  pathway: "The project's CDR pathway.",
  pending_total_co2e_removed_kg:
    "The total (kg) the submitted statement would have now: when a change to its GHG entries since submission (their rounded nets, allocations or the entries themselves) would change what was frozen, the sum of the entries' current rounded nets; null when nothing is pending or the statement was never submitted.",
  process_key: 'Deprecated: the process the GHG entry follows; use `removal_template_id`.',
  process_step_key: 'The step of the process.',
  production_batch_id: 'The production batch (`ptb_`).',
  project_balances: "The organisation's credits by project.",
  project_id: 'The project (`prj_`).',
  project_monitoring_requirement_id: 'The monitoring requirement it answers.',
  protocol_slug: 'The protocol the project is credited under.',
  published_at: 'The day the source was published.',
  purposes: 'What the retirement is for.',
  qualifier: 'What qualifies the quantity kind (such as dry or wet).',
  quantity: 'The value: magnitude, unit and standard deviation.',
  quantity_kg: 'Credits to buy, in kg.',
  quantity_kind: 'The kind of quantity (mass, energy, ...): its units are those of that dimension.',
  reason: 'Why the statement failed verification.',
  redirect_url: 'Where to send the buyer to pay.',
  reference: "The client's reference for the sensor.",
  refunded_at: 'When the credits were refunded.',
  removal_id: 'The GHG entry (`rmv_`), the older spelling of `ghg_entry_id`.',
  removal_ids: 'The GHG entries in the statement (`rmv_`).',
  removal_template_component_group_id: 'The component group of the removal template (`rtg_`).',
  removal_template_component_id: 'The removal template component (`rtc_`).',
  removal_template_components: "The template's components with the datapoints of their inputs.",
  removal_template_group_id: 'The component group of the removal template (`rtg_`).',
  removal_template_id: 'The removal template (`rvt_`).',
  reporting_period_end_at: 'The last day of the reporting period.',
  reporting_period_start_at: 'The first day of the reporting period.',
  retired_at: 'When the credits were retired.',
  retired_buffer_pool_credits_total: 'Buffer-pool credits retired for the project.',
  retired_credits_total: 'Credits retired.',
  retirement_id: 'The retirement (`ret_`).',
  retirement_purposes: 'What the retirement is for.',
  right_child_id: 'The second of the two batches this batch was split into (`ctb_`); null when not split.',
  risk_of_reversal: "The project's risk of reversal.",
  risk_of_reversal_percentage: 'Percentage of the issuable credits that go to the buffer pool; null when not set.',
  scope: 'Whether the component belongs to one GHG entry, a GHG statement or the whole project.',
  seconds: 'Seconds to move the clock forward (with `days`, both added).',
  sequestered_on: 'The day the carbon was stored.',
  serial_number: "The batch's serial number on the registry.",
  short_code: "The project's short code on the registry.",
  short_description: 'A short description.',
  signed_upload_url: 'Where to upload the file (a signed address).',
  size: 'The credits in the batch.',
  source: 'The source created.',
  source_id: 'The source (`src_`).',
  source_ids: 'The sources backing it (`src_`); on a change, they replace the existing ones.',
  standard_deviation: 'The standard deviation, in `unit`; null without uncertainty.',
  start_cursor: 'The cursor of the first node of the page (give it as `before` for the previous page).',
  started_at: 'When the batch began.',
  started_on: 'The first day of the activities.',
  status: 'The status.',
  steps: 'The steps of the process.',
  storage_location_id: 'The storage location (`slc_`).',
  storage_method: 'How carbon is stored there.',
  storage_site_id: 'The storage site (`slc_`).',
  storage_unit_id: 'The storage unit.',
  submission_type: 'What the uploaded file holds.',
  submitted_at: 'When the current version was submitted; null before the first submission.',
  success_url: 'Where the buyer is sent after paying.',
  summary_of_changes: 'What changed since the failed verification (present when resubmitting).',
  supplier: 'The supplier.',
  supplier_allocation_kg: 'Credits (kg) that go to the supplier: issuable kg less the buffer-pool contribution.',
  supplier_balances: "The organisation's credits by supplier.",
  supplier_credit_batch_size_total: 'Credits issued to the supplier.',
  supplier_credit_batches: 'The credit batches issued to the supplier.',
  supplier_id: 'The supplier (`spl_`).',
  supplier_reference_id: "The client's own reference, unique among the supplier's resources.",
  supplier_terms_and_conditions_accepted: "Whether the buyer accepted the supplier's terms and conditions.",
  template: 'The expression, with its inputs named by template key.',
  template_key: 'The name of the input in the expression.',
  to_organisation: 'The organisation receiving the credits.',
  to_organisation_id: 'The organisation receiving the credits (`org_`).',
  total: 'The credits in all.',
  total_co2e_removed_kg:
    "The statement's total (kg): the sum of its GHG entries' nets rounded to 10 kg. Once submitted, the total frozen at submission; before, what submitting now would freeze, from the figures its entries' evaluation stored; null when an entry has no figure.",
  total_count: 'How many items the whole list holds, across all pages.',
  transferred_at: 'When the credits were transferred.',
  truck_mass_on_arrival: "The truck's mass on arrival.",
  truck_mass_on_departure: "The truck's mass on departure.",
  type: 'The type.',
  uncertainty_justification: 'Why the uncertainty is what it is, where the input was found sensitive.',
  unit: 'The unit of the magnitude (such as `kg`, `kWh`, `t/m3`).',
  units: 'The unit the sensor reports in.',
  upload_url: 'Where to upload the file.',
  uploaded_at: 'When it was uploaded.',
  url: 'Its address on the registry.',
  url_info: 'Where the file can be downloaded, and whether the caller may.',
  valid_from: 'The first day the submission covers.',
  valid_to: 'The last day the submission covers.',
  validator_name: "The name of the project's validator.",
  value: 'The measured value.',
  values: 'The measured values.',
  verification_product_price_per_tonne: 'Price of verification per tonne.',
  verifier: 'The name of the assigned verifier; null before submission.',
  vintage: 'The year the credits were issued; the oldest credits of that year are retired.',
  ctx: 'Details of the problem (such as the limit passed); null when none.',
};

/** Where a field means something else in one schema: `Schema.field`. */
const IN_SCHEMA: Readonly<Record<string, string>> = {
  'ErrorMessage.detail': 'What was refused, in words.',
  'ValidationError.detail': 'One item per problem found (at most 100, then one counting the rest).',
  'Undefined.__typename': 'Always `Undefined`.',
  'ValidationError.type': 'The code of the problem (`missing`, `too_long`, `value_error`, ...).',
  'CreditBatch.status': 'Whether the credits are active, retired or cancelled.',
  'CreditBatch.owner': 'The organisation holding the batch.',
  'CreditBatch.beneficiary': 'The organisation the credits were retired for; null unless retired.',
  'Retirement.owner': 'The organisation whose credits were retired.',
  'GhgStatement.status': 'Where the statement is in its lifecycle: draft, submitted, verified, failed, credits issued.',
  'GhgStatement.id': 'The statement (`ggs_`).',
  'GhgEntry.id': 'The GHG entry (`rmv_`).',
  'Datapoint.id': 'The datapoint (`dtp_`).',
  'Component.id': 'The component (`cmp_`).',
  'Datapoint.type': 'Whether the value is measured, estimated, a default, ...',
  'DatapointCreate.type': 'Whether the value is measured, estimated, a default, ...',
  'DatapointPatch.type': 'Whether the value is measured, estimated, a default, ...',
  'Source.type': 'What the source is (a document, ...).',
  'Component.type': 'The kind of component.',
  'ComponentBlueprint.type': 'The kind of component the blueprint makes.',
  'DataUploadSubmission.status': 'Whether the upload is `pending`, `completed` or `failed` (then `error_message` says why).',
  'Order.status': 'Where the order is.',
  'RegistryProject.status': "The project's status on the registry.",
  'MonitoringSubmission.notes': 'Free-text notes on the submission.',
  'ProjectMonitoringRequirement.frequency': 'How often the requirement must be answered.',
  'StripeCheckoutSessionCreate.frequency': 'How often the purchase repeats.',
  'MeasurementValue.value': 'The measured value, in the property’s unit.',
  'FileUploadCreate.file_name': "The uploaded file's name.",
};

/** What every operation's words add, by `METHOD path`: the test helpers say who may call them. */
const OPERATIONS: Readonly<Record<string, string>> = {
  'POST /mrv/v0/ghg_statements':
    "Creates a statement from the project's draft GHG entries: every GHG entry of the project that is in no statement yet and was completed on or before `end_on`. Its reporting period runs from the earliest start to `end_on`. 409 when there is none. Callable by the project's owner.",
  'POST /mrv/v0/ghg_statements/{id}/submit':
    "Evaluates the statement's GHG entries once, freezes their figures (each net rounded to 10 kg) and its total, and assigns the project's verifier. With `summary_of_changes`, resubmits a statement that failed verification. Callable by the statement's owner.",
  'POST /sandbox/v0/ghg_statements/{id}/verify':
    "Callable only with a token of the verifier organisation assigned to the statement (the project's verifier, assigned at submission); any other caller gets 409.",
  'POST /sandbox/v0/ghg_statements/{id}/issue_credits':
    "Callable with a token of the statement's supplier (its owner) or of its verifier; any other caller gets 409. The world needs a buffer pool organisation.",
  'POST /sandbox/v0/data-upload-submissions/{id}/process':
    'Callable with a token of the organisation that created the submission (for any other it is missing, 404).',
  'POST /sandbox/v0/orders':
    "Callable with a token of the buyer organisation (`buyer_organisation_id`) or of the supplier's organisation (`supplier_id`); otherwise 422.",
  'POST /sandbox/v0/refunds': 'Callable only with a token of the buffer pool organisation; otherwise 422.',
  'POST /sandbox/v0/biochar_applications/{id}/ghg_entry':
    'Callable with a token of the organisation owning both the biochar application and the GHG entry (one project).',
  'POST /sandbox/v0/stripe/checkout_sessions/{id}/complete':
    'Callable with a token of the organisation that created the checkout session (for any other it is missing, 404).',
  'POST /sandbox/v0/projects/{id}/monitoring_requirements':
    "Callable with a token of the project's owner (for any other it is missing, 404).",
  'DELETE /sandbox/v0/projects/{project_id}/monitoring_requirements/{id}':
    "Callable with a token of the project's owner; 409 while monitoring submissions answer the requirement.",
  'GET /sandbox/v0/clock': 'Callable with any valid token: the clock is the sandbox’s, shared by all callers.',
  'POST /sandbox/v0/clock/advance':
    'Callable with any valid token: the clock is the sandbox’s, shared by all callers (it never goes back).',
};

/** What a request parameter holds, by name. */
const PARAMETERS: Readonly<Record<string, string>> = {
  id: 'The id of the resource.',
  first: 'Page forward: at most this many items after `after` (or from the start).',
  after: 'Page forward: the items after this cursor (`end_cursor` of the previous page).',
  last: 'Page backward: at most this many items before `before` (or from the end).',
  before: 'Page backward: the items before this cursor (`start_cursor` of the next page).',
  key: 'The key of the resource.',
  display_name_contains: 'Only those whose display name contains this text.',
  reference: "Only the sensors with this client's reference.",
  issued_after: 'Only the batches issued after this instant.',
  issued_before: 'Only the batches issued before this instant.',
  sort_field: 'What the list is sorted by.',
  sort_direction: 'Ascending or descending.',
  beneficiary_org_id: 'Only those retired for this organisation (`org_`).',
  owner_org_id: 'Only those held by this organisation (`org_`).',
  from_supplier_id: 'Only those from this supplier (`spl_`).',
  scope: 'Only the components of this scope.',
  used_in_scope: 'Only those used by components of this scope.',
  status: 'Only those with this status.',
  measurement_sample_id: 'Only the values of this measurement sample (`mts_`).',
  requirement_id: 'The monitoring requirement.',
  monitoring_requirement_id: 'The monitoring requirement.',
};

/** The description of a field, or undefined when none is written. */
export function fieldDescription(schemaName: string | undefined, field: string): string | undefined {
  const own = schemaName === undefined ? undefined : IN_SCHEMA[`${schemaName}.${field}`];
  if (own !== undefined) return own;
  if (field === 'id' && schemaName !== undefined) return `The id of this ${words(schemaName)}.`;
  return FIELDS[field];
}

/** A schema name in words: `GhgStatement` is "GHG statement". */
function words(schemaName: string): string {
  return schemaName
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bghg\b/g, 'GHG');
}

/** The description of a parameter: a filter by an id field reads "Only those of ...". */
function parameterDescription(name: string): string | undefined {
  const own = PARAMETERS[name];
  if (own !== undefined) return own;
  const filter = /^used_in_(.+)$/.exec(name);
  if (filter !== null) return `Only those used in this ${(filter[1] as string).replace(/_/g, ' ')}.`;
  const field = FIELDS[name];
  return field === undefined ? undefined : `Only those of ${field.charAt(0).toLowerCase()}${field.slice(1)}`;
}

/** Adds `description` to every property of `schema` and of the schemas inside it that has none. */
function describeSchema(schema: unknown, schemaName: string | undefined): void {
  if (Array.isArray(schema)) {
    for (const item of schema) describeSchema(item, schemaName);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const object = schema as JsonSchemaObject;
  const properties = object.properties as Record<string, JsonSchemaObject> | undefined;
  if (properties !== undefined && typeof properties === 'object')
    for (const [field, property] of Object.entries(properties)) {
      const description = fieldDescription(schemaName, field);
      if (description !== undefined && typeof property.description !== 'string') property.description = description;
    }
  for (const [key, value] of Object.entries(object)) if (key !== 'description') describeSchema(value, schemaName);
}

/**
 * Writes the words into a generated document (in place): every component schema's properties and
 * the inline schemas of operations, every parameter, and every operation's `description` (its
 * summary, then what {@link OPERATIONS} adds).
 */
export function describeDocument(paths: Record<string, Record<string, JsonSchemaObject>>, schemas: Record<string, JsonSchemaObject>): void {
  for (const [name, schema] of Object.entries(schemas)) describeSchema(schema, name);
  for (const [path, methods] of Object.entries(paths))
    for (const [method, operation] of Object.entries(methods)) {
      describeSchema(operation.requestBody, undefined);
      describeSchema(operation.responses, undefined);
      for (const parameter of (operation.parameters ?? []) as JsonSchemaObject[]) {
        const description = parameterDescription(parameter.name as string);
        if (description !== undefined) parameter.description = description;
      }
      const summary = typeof operation.summary === 'string' ? `${operation.summary}.` : '';
      const note = OPERATIONS[`${method.toUpperCase()} ${path}`];
      operation.description = note === undefined ? summary : `${summary} ${note}`.trim();
    }
}
