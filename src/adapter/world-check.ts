/**
 * The checks of a parsed world document beyond its shapes: ids unique, references resolved,
 * owners allowed to own what they own, supplier references unique per supplier, units of the
 * right kind, and components checked by the accounting module like any graph.
 */
import { prepareGraph } from '../accounting';
import type { GraphIssue, IssuePath } from '../model';
import { isCompatible } from '../units';
import { QUANTITY_FIELDS, unreadableUnit } from './quantities';
import type { World } from './world-schema';

/** Every problem of a parsed world document that its shapes do not show. */
export /** Checks ids are unique within and across collections of the same kind, and references resolve. */
function crossCheck(world: World): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const problem = (path: IssuePath, message: string, code = 'invalid_reference'): void => {
    issues.push({ path, message, code });
  };
  const idsOf = <T extends { id: string }>(collection: string, rows: readonly T[]): Map<string, T> => {
    const map = new Map<string, T>();
    rows.forEach((row, i) => {
      if (map.has(row.id)) problem([collection, i, 'id'], `id '${row.id}' is used more than once`, 'duplicate_id');
      else map.set(row.id, row);
    });
    return map;
  };
  const organisations = idsOf('organisations', world.organisations);
  const projects = idsOf('projects', world.projects);
  const feedstockTypes = idsOf('feedstock_types', world.feedstock_types);
  const facilities = idsOf('facilities', world.facilities);
  idsOf('production_batches', world.production_batches);
  idsOf('file_uploads', world.file_uploads);
  idsOf('removal_templates', world.removal_templates);
  const datapoints = idsOf('datapoints', world.datapoints);
  const sources = idsOf('sources', world.sources);
  idsOf('components', world.components);
  idsOf('measurement_samples', world.measurement_samples);
  const orders = idsOf('orders', world.orders);
  const batches = idsOf('credit_batches', world.credit_batches);
  idsOf('deliveries', world.deliveries);
  idsOf('transfers', world.transfers);
  idsOf('refunds', world.refunds);
  idsOf('monitoring_requirements', world.monitoring_requirements);
  idsOf('project_documents', world.project_documents);

  const suppliers = new Map<string, string>();
  world.organisations.forEach((o, i) => {
    if (o.supplier === undefined) return;
    if (suppliers.has(o.supplier.id)) problem(['organisations', i, 'supplier', 'id'], `supplier id '${o.supplier.id}' is used more than once`, 'duplicate_id');
    suppliers.set(o.supplier.id, o.id);
  });
  const bufferPools = world.organisations.filter((o) => o.buffer_pool === true);
  if (bufferPools.length > 1) problem(['organisations'], `${bufferPools.length} organisations are marked buffer_pool; at most one may hold the buffer pool`, 'duplicate_buffer_pool');
  const secrets = new Set<string>();
  world.clients.forEach((c, i) => {
    if (secrets.has(c.client_secret)) problem(['clients', i, 'client_secret'], 'client secret is used more than once', 'duplicate_id');
    secrets.add(c.client_secret);
  });
  const tokens = new Set<string>();
  world.access_tokens.forEach((t, i) => {
    if (tokens.has(t.token)) problem(['access_tokens', i, 'token'], 'token is used more than once', 'duplicate_id');
    tokens.add(t.token);
    if (!organisations.has(t.organisation_id)) problem(['access_tokens', i, 'organisation_id'], `organisation '${t.organisation_id}' is not in organisations`);
  });

  const supplierOwner = (path: IssuePath, id: string): void => {
    const org = organisations.get(id);
    if (org === undefined) problem(path, `organisation '${id}' is not in organisations`);
    else if (org.supplier === undefined) problem(path, `organisation '${id}' has no supplier record, so it cannot own supplier data`);
  };
  const inProject = (collection: string, i: number, row: { owner_organisation_id: string; project_id?: string | null }): void => {
    supplierOwner([collection, i, 'owner_organisation_id'], row.owner_organisation_id);
    if (row.project_id === undefined || row.project_id === null) return;
    const project = projects.get(row.project_id);
    if (project === undefined) problem([collection, i, 'project_id'], `project '${row.project_id}' is not in projects`);
    else if (project.owner_organisation_id !== row.owner_organisation_id) {
      problem([collection, i, 'project_id'], `project '${row.project_id}' belongs to '${project.owner_organisation_id}', not to the owner '${row.owner_organisation_id}'`);
    }
  };

  world.projects.forEach((p, i) => {
    supplierOwner(['projects', i, 'owner_organisation_id'], p.owner_organisation_id);
    const verifier = p.verifier_organisation_id;
    if (verifier !== undefined && verifier !== null) {
      if (!organisations.has(verifier)) problem(['projects', i, 'verifier_organisation_id'], `organisation '${verifier}' is not in organisations`);
      else if (verifier === p.owner_organisation_id) problem(['projects', i, 'verifier_organisation_id'], 'a project cannot be verified by its own supplier');
    }
  });
  world.feedstock_types.forEach((r, i) => supplierOwner(['feedstock_types', i, 'owner_organisation_id'], r.owner_organisation_id));
  world.facilities.forEach((r, i) => inProject('facilities', i, r));
  world.file_uploads.forEach((r, i) => supplierOwner(['file_uploads', i, 'owner_organisation_id'], r.owner_organisation_id));
  world.production_batches.forEach((r, i) => {
    supplierOwner(['production_batches', i, 'owner_organisation_id'], r.owner_organisation_id);
    const mass = isCompatible(r.mass.unit, QUANTITY_FIELDS.production_batch.mass);
    if (!mass.ok) problem(['production_batches', i, 'mass', 'unit'], mass.message, 'incompatible_unit');
    if (!facilities.has(r.facility_id)) problem(['production_batches', i, 'facility_id'], `facility '${r.facility_id}' is not in facilities`);
    (r.feedstock_type_ids ?? []).forEach((f, k) => {
      if (!feedstockTypes.has(f)) problem(['production_batches', i, 'feedstock_type_ids', k], `feedstock type '${f}' is not in feedstock_types`);
    });
  });
  world.sources.forEach((r, i) => inProject('sources', i, r));
  world.datapoints.forEach((r, i) => {
    inProject('datapoints', i, r);
    const unreadable = unreadableUnit(r.quantity.unit);
    if (unreadable !== undefined) problem(['datapoints', i, 'quantity', 'unit'], unreadable, 'unknown_unit');
    (r.source_ids ?? []).forEach((s, k) => {
      const source = sources.get(s);
      if (source === undefined) problem(['datapoints', i, 'source_ids', k], `source '${s}' is not in sources`);
      else if (source.owner_organisation_id !== r.owner_organisation_id) problem(['datapoints', i, 'source_ids', k], `source '${s}' has another owner`);
    });
  });
  const blueprintKeys = new Set(world.component_blueprints.map((b) => b.key));
  const blueprintInputs = new Map(world.component_blueprints.map((b) => [b.key, b.inputs.map((input) => input.input_key)]));
  world.component_blueprints.forEach((b, i) => {
    // semantics.md 1: REDUCTION is a library-only type; the service never writes it.
    if (b.type === 'REDUCTION') problem(['component_blueprints', i, 'type'], `blueprint '${b.key}' has type REDUCTION, a type of graph documents only; the service's blueprints are ACTIVITY, REMOVAL_COUNTERFACTUAL, SEQUESTRATION, LOSS, ADJUSTMENT or UNCERTAINTY_DISCOUNT`, 'invalid_type');
  });
  const templateComponentIds = new Set<string>();
  const groupIds = new Set<string>();
  world.removal_templates.forEach((t, i) => {
    const project = projects.get(t.project_id);
    if (project === undefined) problem(['removal_templates', i, 'project_id'], `project '${t.project_id}' is not in projects`);
    t.groups.forEach((g, gi) => {
      if (groupIds.has(g.id)) problem(['removal_templates', i, 'groups', gi, 'id'], `group id '${g.id}' is used more than once`, 'duplicate_id');
      groupIds.add(g.id);
      g.components.forEach((c, ci) => {
        const path = ['removal_templates', i, 'groups', gi, 'components', ci];
        if (templateComponentIds.has(c.id)) problem([...path, 'id'], `template component id '${c.id}' is used more than once`, 'duplicate_id');
        templateComponentIds.add(c.id);
        if (!blueprintKeys.has(c.blueprint_key)) problem([...path, 'blueprint_key'], `blueprint '${c.blueprint_key}' is not in component_blueprints`);
        c.inputs.forEach((input, k) => {
          const keys = blueprintInputs.get(c.blueprint_key);
          if (keys !== undefined && !keys.includes(input.input_key)) problem([...path, 'inputs', k, 'input_key'], `blueprint '${c.blueprint_key}' has no input '${input.input_key}'`, 'unknown_input');
          const d = input.datapoint_id;
          if (d === undefined || d === null) return;
          const datapoint = datapoints.get(d);
          if (datapoint === undefined) problem([...path, 'inputs', k, 'datapoint_id'], `datapoint '${d}' is not in datapoints`);
          else if (project !== undefined && datapoint.owner_organisation_id !== project.owner_organisation_id) problem([...path, 'inputs', k, 'datapoint_id'], `datapoint '${d}' has another owner than the project`);
        });
      });
    });
  });
  world.components.forEach((r, i) => {
    inProject('components', i, r);
    const rtc = r.removal_template_component_id;
    if (rtc !== undefined && rtc !== null && !templateComponentIds.has(rtc)) problem(['components', i, 'removal_template_component_id'], `template component '${rtc}' is not in removal_templates`);
    r.inputs.forEach((input, k) => {
      for (const d of [...(input.datapoint_ids ?? []), ...(input.datapoint_id === undefined ? [] : [input.datapoint_id])]) {
        const datapoint = datapoints.get(d);
        if (datapoint !== undefined && datapoint.owner_organisation_id !== r.owner_organisation_id) problem(['components', i, 'inputs', k], `datapoint '${d}' has another owner`);
      }
    });
  });
  world.measurement_samples.forEach((r, i) => {
    inProject('measurement_samples', i, r);
    (r.values ?? []).forEach((v, k) => {
      const datapoint = datapoints.get(v.datapoint_id);
      if (datapoint === undefined) problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}' is not in datapoints`);
      else if (datapoint.owner_organisation_id !== r.owner_organisation_id) problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}' has another owner`);
      else {
        const unit = isCompatible(datapoint.quantity.unit, v.measurement_property.quantity_kind);
        if (!unit.ok) problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}': ${unit.message}`, 'incompatible_unit');
      }
    });
  });
  world.orders.forEach((o, i) => {
    if (!organisations.has(o.organisation_id)) problem(['orders', i, 'organisation_id'], `organisation '${o.organisation_id}' is not in organisations`);
    if (!suppliers.has(o.supplier_id)) problem(['orders', i, 'supplier_id'], `supplier '${o.supplier_id}' is not a supplier of organisations`);
  });
  if (world.credit_batches.length > 0 && bufferPools.length === 0) {
    problem(['credit_batches'], 'issuing credit batches needs an organisation marked buffer_pool');
  }
  world.credit_batches.forEach((b, i) => {
    if (!projects.has(b.project_id)) problem(['credit_batches', i, 'project_id'], `project '${b.project_id}' is not in projects`);
  });
  const checkLines = (collection: string, i: number, lines: readonly { credit_batch_id: string }[]): void => {
    lines.forEach((line, k) => {
      if (!batches.has(line.credit_batch_id)) problem([collection, i, 'credit_batch_quantities', k, 'credit_batch_id'], `credit batch '${line.credit_batch_id}' is not in credit_batches`);
    });
  };
  world.deliveries.forEach((d, i) => {
    if (!orders.has(d.order_id)) problem(['deliveries', i, 'order_id'], `order '${d.order_id}' is not in orders`);
    checkLines('deliveries', i, d.credit_batch_quantities);
  });
  world.transfers.forEach((t, i) => {
    if (!organisations.has(t.from_organisation_id)) problem(['transfers', i, 'from_organisation_id'], `organisation '${t.from_organisation_id}' is not in organisations`);
    if (!organisations.has(t.to_organisation_id)) problem(['transfers', i, 'to_organisation_id'], `organisation '${t.to_organisation_id}' is not in organisations`);
    checkLines('transfers', i, t.credit_batch_quantities);
  });
  world.refunds.forEach((r, i) => {
    if (!organisations.has(r.to_organisation_id)) problem(['refunds', i, 'to_organisation_id'], `organisation '${r.to_organisation_id}' is not in organisations`);
    if (bufferPools.length === 0) problem(['refunds', i], 'no organisation is marked buffer_pool');
    checkLines('refunds', i, r.credit_batch_quantities);
  });

  for (const collection of ['monitoring_requirements', 'project_documents'] as const) {
    world[collection].forEach((r, i) => {
      if (!projects.has(r.project_id)) problem([collection, i, 'project_id'], `project '${r.project_id}' is not in projects`);
    });
  }
  const configured = new Set<string>();
  world.stripe_configurations.forEach((c, i) => {
    if (!suppliers.has(c.supplier_id)) problem(['stripe_configurations', i, 'supplier_id'], `supplier '${c.supplier_id}' is not a supplier of organisations`);
    if (configured.has(c.supplier_id)) problem(['stripe_configurations', i, 'supplier_id'], `supplier '${c.supplier_id}' has more than one Stripe configuration`, 'duplicate_id');
    configured.add(c.supplier_id);
  });

  // Supplier references: unique per supplier organisation across every collection.
  const seenReferences = new Map<string, string>();
  const references: [string, readonly { owner_organisation_id: string; supplier_reference_id?: string | null | undefined }[]][] = [
    ['feedstock_types', world.feedstock_types],
    ['production_batches', world.production_batches],
    ['datapoints', world.datapoints],
    ['sources', world.sources],
    ['components', world.components],
    ['measurement_samples', world.measurement_samples],
  ];
  for (const [collection, rows] of references) {
    rows.forEach((row, i) => {
      const ref = row.supplier_reference_id;
      if (ref === undefined || ref === null) return;
      const key = `${row.owner_organisation_id}\u0000${ref}`;
      const first = seenReferences.get(key);
      if (first !== undefined) problem([collection, i, 'supplier_reference_id'], `supplier_reference_id '${ref}' is already used by ${first}`, 'duplicate_reference');
      else seenReferences.set(key, `${collection}[${i}]`);
    });
  }

  // Components against blueprints and datapoints: the accounting module's own checks.
  if (issues.length === 0 && world.components.length > 0) {
    const prepared = prepareGraph({
      component_blueprints: world.component_blueprints,
      datapoints: world.datapoints.map((d) => ({ id: d.id, quantity: d.quantity })),
      components: world.components.map((c) => ({ id: c.id, blueprint_key: c.blueprint_key, inputs: c.inputs })),
      ghg_entries: [],
    });
    if (!prepared.ok) issues.push(...prepared.issues);
  } else if (issues.length === 0 && world.component_blueprints.length > 0) {
    const prepared = prepareGraph({ component_blueprints: world.component_blueprints, datapoints: [], components: [], ghg_entries: [] });
    if (!prepared.ok) issues.push(...prepared.issues);
  }
  return issues;
}
