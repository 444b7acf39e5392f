/**
 * The checks of a parsed world document beyond its shapes: ids unique, references resolved,
 * owners allowed to own what they own, supplier references unique per supplier, units of the
 * right kind, and components checked by the accounting module like any graph.
 */
import { prepareGraph } from '../../accounting';
import type { GraphIssue, IssuePath } from '../../model';
import { isCompatible } from '../../units';
import { unreadableUnit } from '../evaluation/quantities';
import { QUANTITY_FIELDS } from '../resources';
import type { World } from './world-schema';

type Owned = { owner_organisation_id: string; project_id?: string | null };

/**
 * Every problem of a parsed world document that its shapes do not show: ids unique within each
 * collection, references resolved, owners allowed, units of the right kind, then the accounting
 * module's checks of the components. Problems come in that order.
 */
export function crossCheck(world: World): GraphIssue<string>[] {
  const check = new WorldCheck(world);
  check.organisationRecords();
  check.supplierData();
  check.templates();
  check.componentsAndSamples();
  check.credits();
  check.projectRecords();
  check.supplierReferences();
  check.withAccounting();
  return check.issues;
}

/**
 * The world being checked, its rows by id and the problems found so far; one method per group of
 * collections, so that each reads on one screen.
 */
class WorldCheck {
  readonly issues: GraphIssue<string>[] = [];
  private readonly organisations;
  private readonly projects;
  private readonly feedstockTypes;
  private readonly facilities;
  private readonly datapoints;
  private readonly sources;
  private readonly orders;
  private readonly batches;
  /** Organisation id by supplier id. */
  private readonly suppliers = new Map<string, string>();
  private readonly bufferPools: World['organisations'];
  /** Ids of the removal templates' components, which components may name. */
  private readonly templateComponentIds = new Set<string>();

  constructor(private readonly world: World) {
    // Ids are unique within and across collections of the same kind.
    this.organisations = this.idsOf('organisations', world.organisations);
    this.projects = this.idsOf('projects', world.projects);
    this.feedstockTypes = this.idsOf('feedstock_types', world.feedstock_types);
    this.facilities = this.idsOf('facilities', world.facilities);
    this.idsOf('production_batches', world.production_batches);
    this.idsOf('file_uploads', world.file_uploads);
    this.idsOf('removal_templates', world.removal_templates);
    this.datapoints = this.idsOf('datapoints', world.datapoints);
    this.sources = this.idsOf('sources', world.sources);
    this.idsOf('components', world.components);
    this.idsOf('measurement_samples', world.measurement_samples);
    this.orders = this.idsOf('orders', world.orders);
    this.batches = this.idsOf('credit_batches', world.credit_batches);
    this.idsOf('deliveries', world.deliveries);
    this.idsOf('transfers', world.transfers);
    this.idsOf('refunds', world.refunds);
    this.idsOf('monitoring_requirements', world.monitoring_requirements);
    this.idsOf('project_documents', world.project_documents);
    this.bufferPools = world.organisations.filter((o) => o.buffer_pool === true);
  }

  private problem(path: IssuePath, message: string, code = 'invalid_reference'): void {
    this.issues.push({ path, message, code });
  }

  /** The rows of a collection by id, reporting an id used twice. */
  private idsOf<T extends { id: string }>(collection: string, rows: readonly T[]): Map<string, T> {
    const map = new Map<string, T>();
    rows.forEach((row, i) => {
      if (map.has(row.id)) this.problem([collection, i, 'id'], `id '${row.id}' is used more than once`, 'duplicate_id');
      else map.set(row.id, row);
    });
    return map;
  }

  /** Supplier ids, the one buffer pool, client secrets and access tokens. */
  organisationRecords(): void {
    const { world, suppliers, bufferPools } = this;
    world.organisations.forEach((o, i) => {
      if (o.supplier === undefined) return;
      if (suppliers.has(o.supplier.id))
        this.problem(['organisations', i, 'supplier', 'id'], `supplier id '${o.supplier.id}' is used more than once`, 'duplicate_id');
      suppliers.set(o.supplier.id, o.id);
    });
    if (bufferPools.length > 1)
      this.problem(
        ['organisations'],
        `${bufferPools.length} organisations are marked buffer_pool; at most one may hold the buffer pool`,
        'duplicate_buffer_pool',
      );
    const secrets = new Set<string>();
    world.clients.forEach((c, i) => {
      if (secrets.has(c.client_secret))
        this.problem(['clients', i, 'client_secret'], 'client secret is used more than once', 'duplicate_id');
      secrets.add(c.client_secret);
    });
    const tokens = new Set<string>();
    world.access_tokens.forEach((t, i) => {
      if (tokens.has(t.token)) this.problem(['access_tokens', i, 'token'], 'token is used more than once', 'duplicate_id');
      tokens.add(t.token);
      if (!this.organisations.has(t.organisation_id))
        this.problem(['access_tokens', i, 'organisation_id'], `organisation '${t.organisation_id}' is not in organisations`);
    });
  }

  /** An organisation that owns supplier data must be a supplier. */
  private supplierOwner(path: IssuePath, id: string): void {
    const org = this.organisations.get(id);
    if (org === undefined) this.problem(path, `organisation '${id}' is not in organisations`);
    else if (org.supplier === undefined) this.problem(path, `organisation '${id}' has no supplier record, so it cannot own supplier data`);
  }

  /** A row with a supplier owner and maybe a project, which that owner must own. */
  private inProject(collection: string, i: number, row: Owned): void {
    this.supplierOwner([collection, i, 'owner_organisation_id'], row.owner_organisation_id);
    if (row.project_id === undefined || row.project_id === null) return;
    const project = this.projects.get(row.project_id);
    if (project === undefined) this.problem([collection, i, 'project_id'], `project '${row.project_id}' is not in projects`);
    else if (project.owner_organisation_id !== row.owner_organisation_id) {
      this.problem(
        [collection, i, 'project_id'],
        `project '${row.project_id}' belongs to '${project.owner_organisation_id}', not to the owner '${row.owner_organisation_id}'`,
      );
    }
  }

  /** Projects and the supplier data up to datapoints: owners, verifiers, units, references. */
  supplierData(): void {
    const { world, organisations, facilities, feedstockTypes, sources } = this;
    world.projects.forEach((p, i) => {
      this.supplierOwner(['projects', i, 'owner_organisation_id'], p.owner_organisation_id);
      const verifier = p.verifier_organisation_id;
      if (verifier !== undefined && verifier !== null) {
        if (!organisations.has(verifier))
          this.problem(['projects', i, 'verifier_organisation_id'], `organisation '${verifier}' is not in organisations`);
        else if (verifier === p.owner_organisation_id)
          this.problem(['projects', i, 'verifier_organisation_id'], 'a project cannot be verified by its own supplier');
      }
    });
    world.feedstock_types.forEach((r, i) => this.supplierOwner(['feedstock_types', i, 'owner_organisation_id'], r.owner_organisation_id));
    world.facilities.forEach((r, i) => this.inProject('facilities', i, r));
    world.file_uploads.forEach((r, i) => this.supplierOwner(['file_uploads', i, 'owner_organisation_id'], r.owner_organisation_id));
    world.production_batches.forEach((r, i) => {
      this.supplierOwner(['production_batches', i, 'owner_organisation_id'], r.owner_organisation_id);
      const mass = isCompatible(r.mass.unit, QUANTITY_FIELDS.production_batch.mass);
      if (!mass.ok) this.problem(['production_batches', i, 'mass', 'unit'], mass.message, 'incompatible_unit');
      if (!facilities.has(r.facility_id))
        this.problem(['production_batches', i, 'facility_id'], `facility '${r.facility_id}' is not in facilities`);
      (r.feedstock_type_ids ?? []).forEach((f, k) => {
        if (!feedstockTypes.has(f))
          this.problem(['production_batches', i, 'feedstock_type_ids', k], `feedstock type '${f}' is not in feedstock_types`);
      });
    });
    world.sources.forEach((r, i) => this.inProject('sources', i, r));
    world.datapoints.forEach((r, i) => {
      this.inProject('datapoints', i, r);
      const unreadable = unreadableUnit(r.quantity.unit);
      if (unreadable !== undefined) this.problem(['datapoints', i, 'quantity', 'unit'], unreadable, 'unknown_unit');
      (r.source_ids ?? []).forEach((s, k) => {
        const source = sources.get(s);
        if (source === undefined) this.problem(['datapoints', i, 'source_ids', k], `source '${s}' is not in sources`);
        else if (source.owner_organisation_id !== r.owner_organisation_id)
          this.problem(['datapoints', i, 'source_ids', k], `source '${s}' has another owner`);
      });
    });
  }

  /** Blueprints (no REDUCTION) and removal templates: unique ids, known blueprints, inputs and datapoints. */
  templates(): void {
    const { world, projects, templateComponentIds } = this;
    const blueprintKeys = new Set(world.component_blueprints.map((b) => b.key));
    const blueprintInputs = new Map(world.component_blueprints.map((b) => [b.key, b.inputs.map((input) => input.input_key)]));
    world.component_blueprints.forEach((b, i) => {
      // docs/rules.md#blueprints-components-and-inputs: REDUCTION is a library-only type; the service never writes it.
      if (b.type === 'REDUCTION')
        this.problem(
          ['component_blueprints', i, 'type'],
          `blueprint '${b.key}' has type REDUCTION, a type of graph documents only; the service's blueprints are ACTIVITY, REMOVAL_COUNTERFACTUAL, SEQUESTRATION, LOSS, ADJUSTMENT or UNCERTAINTY_DISCOUNT`,
          'invalid_type',
        );
    });
    const groupIds = new Set<string>();
    world.removal_templates.forEach((t, i) => {
      const project = projects.get(t.project_id);
      if (project === undefined) this.problem(['removal_templates', i, 'project_id'], `project '${t.project_id}' is not in projects`);
      t.groups.forEach((g, gi) => {
        if (groupIds.has(g.id))
          this.problem(['removal_templates', i, 'groups', gi, 'id'], `group id '${g.id}' is used more than once`, 'duplicate_id');
        groupIds.add(g.id);
        g.components.forEach((c, ci) => {
          const path = ['removal_templates', i, 'groups', gi, 'components', ci];
          if (templateComponentIds.has(c.id))
            this.problem([...path, 'id'], `template component id '${c.id}' is used more than once`, 'duplicate_id');
          templateComponentIds.add(c.id);
          if (!blueprintKeys.has(c.blueprint_key))
            this.problem([...path, 'blueprint_key'], `blueprint '${c.blueprint_key}' is not in component_blueprints`);
          c.inputs.forEach((input, k) => {
            const keys = blueprintInputs.get(c.blueprint_key);
            if (keys !== undefined && !keys.includes(input.input_key))
              this.problem(
                [...path, 'inputs', k, 'input_key'],
                `blueprint '${c.blueprint_key}' has no input '${input.input_key}'`,
                'unknown_input',
              );
            const d = input.datapoint_id;
            if (d === undefined || d === null) return;
            const datapoint = this.datapoints.get(d);
            if (datapoint === undefined) this.problem([...path, 'inputs', k, 'datapoint_id'], `datapoint '${d}' is not in datapoints`);
            else if (project !== undefined && datapoint.owner_organisation_id !== project.owner_organisation_id)
              this.problem([...path, 'inputs', k, 'datapoint_id'], `datapoint '${d}' has another owner than the project`);
          });
        });
      });
    });
  }

  /** Components and measurement samples: owners, template components, datapoints and their units. */
  componentsAndSamples(): void {
    const { world, datapoints, templateComponentIds } = this;
    world.components.forEach((r, i) => {
      this.inProject('components', i, r);
      const rtc = r.removal_template_component_id;
      if (rtc !== undefined && rtc !== null && !templateComponentIds.has(rtc))
        this.problem(['components', i, 'removal_template_component_id'], `template component '${rtc}' is not in removal_templates`);
      r.inputs.forEach((input, k) => {
        for (const d of [...(input.datapoint_ids ?? []), ...(input.datapoint_id === undefined ? [] : [input.datapoint_id])]) {
          const datapoint = datapoints.get(d);
          if (datapoint !== undefined && datapoint.owner_organisation_id !== r.owner_organisation_id)
            this.problem(['components', i, 'inputs', k], `datapoint '${d}' has another owner`);
        }
      });
    });
    world.measurement_samples.forEach((r, i) => {
      this.inProject('measurement_samples', i, r);
      (r.values ?? []).forEach((v, k) => {
        const datapoint = datapoints.get(v.datapoint_id);
        if (datapoint === undefined)
          this.problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}' is not in datapoints`);
        else if (datapoint.owner_organisation_id !== r.owner_organisation_id)
          this.problem(['measurement_samples', i, 'values', k, 'datapoint_id'], `datapoint '${v.datapoint_id}' has another owner`);
        else {
          const unit = isCompatible(datapoint.quantity.unit, v.measurement_property.quantity_kind);
          if (!unit.ok)
            this.problem(
              ['measurement_samples', i, 'values', k, 'datapoint_id'],
              `datapoint '${v.datapoint_id}': ${unit.message}`,
              'incompatible_unit',
            );
        }
      });
    });
  }

  /** Orders, credit batches and what moves credits: deliveries, transfers, refunds. */
  credits(): void {
    const { world, organisations, suppliers, bufferPools, projects, orders } = this;
    world.orders.forEach((o, i) => {
      if (!organisations.has(o.organisation_id))
        this.problem(['orders', i, 'organisation_id'], `organisation '${o.organisation_id}' is not in organisations`);
      if (!suppliers.has(o.supplier_id))
        this.problem(['orders', i, 'supplier_id'], `supplier '${o.supplier_id}' is not a supplier of organisations`);
    });
    if (world.credit_batches.length > 0 && bufferPools.length === 0) {
      this.problem(['credit_batches'], 'issuing credit batches needs an organisation marked buffer_pool');
    }
    world.credit_batches.forEach((b, i) => {
      if (!projects.has(b.project_id)) this.problem(['credit_batches', i, 'project_id'], `project '${b.project_id}' is not in projects`);
    });
    world.deliveries.forEach((d, i) => {
      if (!orders.has(d.order_id)) this.problem(['deliveries', i, 'order_id'], `order '${d.order_id}' is not in orders`);
      this.creditLines('deliveries', i, d.credit_batch_quantities);
    });
    world.transfers.forEach((t, i) => {
      if (!organisations.has(t.from_organisation_id))
        this.problem(['transfers', i, 'from_organisation_id'], `organisation '${t.from_organisation_id}' is not in organisations`);
      if (!organisations.has(t.to_organisation_id))
        this.problem(['transfers', i, 'to_organisation_id'], `organisation '${t.to_organisation_id}' is not in organisations`);
      this.creditLines('transfers', i, t.credit_batch_quantities);
    });
    world.refunds.forEach((r, i) => {
      if (!organisations.has(r.to_organisation_id))
        this.problem(['refunds', i, 'to_organisation_id'], `organisation '${r.to_organisation_id}' is not in organisations`);
      if (bufferPools.length === 0) this.problem(['refunds', i], 'no organisation is marked buffer_pool');
      this.creditLines('refunds', i, r.credit_batch_quantities);
    });
  }

  /** Each credit batch a movement names must exist. */
  private creditLines(collection: string, i: number, lines: readonly { credit_batch_id: string }[]): void {
    lines.forEach((line, k) => {
      if (!this.batches.has(line.credit_batch_id))
        this.problem(
          [collection, i, 'credit_batch_quantities', k, 'credit_batch_id'],
          `credit batch '${line.credit_batch_id}' is not in credit_batches`,
        );
    });
  }

  /** Monitoring requirements and project documents name a project; Stripe configurations one supplier each. */
  projectRecords(): void {
    const { world, projects, suppliers } = this;
    for (const collection of ['monitoring_requirements', 'project_documents'] as const) {
      world[collection].forEach((r, i) => {
        if (!projects.has(r.project_id)) this.problem([collection, i, 'project_id'], `project '${r.project_id}' is not in projects`);
      });
    }
    const configured = new Set<string>();
    world.stripe_configurations.forEach((c, i) => {
      if (!suppliers.has(c.supplier_id))
        this.problem(['stripe_configurations', i, 'supplier_id'], `supplier '${c.supplier_id}' is not a supplier of organisations`);
      if (configured.has(c.supplier_id))
        this.problem(
          ['stripe_configurations', i, 'supplier_id'],
          `supplier '${c.supplier_id}' has more than one Stripe configuration`,
          'duplicate_id',
        );
      configured.add(c.supplier_id);
    });
  }

  /** Supplier references: unique per supplier organisation across every collection. */
  supplierReferences(): void {
    const { world } = this;
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
        if (first !== undefined)
          this.problem(
            [collection, i, 'supplier_reference_id'],
            `supplier_reference_id '${ref}' is already used by ${first}`,
            'duplicate_reference',
          );
        else seenReferences.set(key, `${collection}[${i}]`);
      });
    }
  }

  /** Components against blueprints and datapoints: the accounting module's own checks, once all else is right. */
  withAccounting(): void {
    const { world, issues } = this;
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
  }
}
