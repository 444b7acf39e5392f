/**
 * The parties and projects of the registry: the caller's organisation and supplier, other
 * organisations and suppliers, registry projects and their documents, orders, beneficiaries
 * and transferees.
 *
 * Who sees what: suppliers and the organisations of the world are the registry's, visible to every
 * authenticated organisation; a beneficiary registered by an organisation is seen by that
 * organisation only. A project follows docs/service.md#visibility (its owner; its verifier once a statement is
 * submitted; everyone once credits were issued on it). An order is seen by its buyer and its
 * supplier.
 */
import { found } from '../found';
import * as z from 'zod';
import { idSchema } from '../../../model';
import { idPathSchema, paginationQuerySchema } from '../../../model/queries';
import { supplierIdPathSchema } from './schemas';
import { createBeneficiaryRequestSchema } from './schemas';
import { deliverySchema } from '../credit-ledger/schemas';
import { orderSchema, projectDocumentSchema, registryProjectSchema } from './schemas';
import { organisationSchema, paginatedListSchema, supplierSchema } from '../../../model/shapes';
import type { SupplierView } from '../../../registry';
import { canSee, indexes, notVisible, type ReadContext, type RequestContext } from '../../context';
import { notFound } from '../../http/failures';
import { mergedList } from '../../store/merged-list';
import { ok, route, type Route } from '../../router';
import type { OrderRow, OrganisationRow } from '../../rows';
import { organisationView } from '../views';
import { filtered, visibleRows } from '../visible-lists';
import { pageOf } from '../common';
import { ledgerList } from '../credit-ledger/routes';
import { orderView, registryProjectView } from './view';

/** Whether the caller may see an order: its buyer or its supplier. */
function seesOrder(context: ReadContext, order: OrderRow): boolean {
  return order.organisation_id === context.viewer.id || context.viewer.supplier?.id === order.supplier_id;
}

/** Whether the caller may see an organisation: a registry organisation, itself, or a beneficiary it registered. */
function seesOrganisation(context: ReadContext, organisation: OrganisationRow): boolean {
  return organisation.registered_by === null || organisation.registered_by === context.viewer.id || organisation.id === context.viewer.id;
}

/** An organisation the caller may see, or the refusal of a missing one. */
function visibleOrganisation(context: ReadContext, id: string): OrganisationRow {
  const organisation = context.state.organisations.get(id);
  if (organisation === undefined || !seesOrganisation(context, organisation)) throw notVisible(context);
  return organisation;
}

/** An order the caller may see (its buyer or supplier), or 404. */
function visibleOrder(context: ReadContext, id: string): OrderRow {
  const order = context.state.orders.get(id);
  if (order === undefined || !seesOrder(context, order)) throw notFound();
  return order;
}

/** The supplier record of a supplier id the registry knows, or the refusal of a missing one. */
function supplierOr404(context: ReadContext, id: string): SupplierView {
  const supplier = context.state.ledger.getSupplier(id);
  if (supplier === undefined) throw notVisible(context);
  return supplier;
}

/** Registers a beneficiary (an organisation or a person) that the caller may retire credits for. */
const createBeneficiary = (context: RequestContext, body: z.output<typeof createBeneficiaryRequestSchema>) => {
  const { state } = context;
  const row: OrganisationRow = {
    id: state.ids('organisation'),
    name: body.beneficiary_name,
    domain: 'beneficiary_domain' in body ? body.beneficiary_domain : null,
    supplier: null,
    buffer_pool: false,
    registered_by: context.viewer.id,
    email: 'beneficiary_email' in body ? body.beneficiary_email : null,
  };
  state.organisations.insert(row);
  state.ledger.registerOrganisation(organisationView(state, row.id));
  return ok(organisationView(state, row.id));
};

/** The orders of a party (a buyer's, or a supplier's) that the caller may see. */
function ordersOf(context: RequestContext, index: 'ordersByBuyer' | 'ordersBySupplier', key: string) {
  return filtered(mergedList(context.state.orders, [indexes(context)[index].sequence(key)]), (o) => seesOrder(context, o));
}

/** The routes of this module. */
export function registryPartyRoutes(): Route[] {
  const orgPath = idPathSchema('organisation');
  const page = <T extends z.ZodType>(schema: T) => paginatedListSchema(schema);
  const organisations = (context: RequestContext, key: string) =>
    mergedList(context.state.organisations, [indexes(context).organisationsByKind.sequence(key)]);
  const orgView = (context: RequestContext) => (o: OrganisationRow) => organisationView(context.state, o.id);
  return [
    route(
      'GET',
      '/registry/v0/organisation',
      { response: organisationSchema, summary: 'The organisation of the access token' },
      (context) => ok(organisationView(context.state, context.viewer.id)),
    ),
    route(
      'GET',
      '/registry/v0/organisations/{id}',
      { path: orgPath, response: organisationSchema, summary: 'Read an organisation' },
      (context, { path }) => {
        const organisation = visibleOrganisation(context, path.id);
        return ok(organisationView(context.state, organisation.id));
      },
    ),
    route(
      'GET',
      '/registry/v0/organisations/{id}/orders',
      { path: orgPath, query: paginationQuerySchema, response: page(orderSchema), summary: 'List the orders of a buyer' },
      (context, { path, query }) => {
        visibleOrganisation(context, path.id);
        return ok(
          pageOf(context, `orders:${path.id}`, ordersOf(context, 'ordersByBuyer', path.id), query, (o) => orderView(context.state, o)),
        );
      },
    ),
    route(
      'GET',
      '/registry/v0/orders/{id}',
      { path: z.object({ id: idSchema('order') }), response: orderSchema, summary: 'Read an order' },
      (context, { path }) => {
        const order = visibleOrder(context, path.id);
        return ok(orderView(context.state, order));
      },
    ),
    route(
      'GET',
      '/registry/v0/orders/{id}/deliveries',
      {
        path: z.object({ id: idSchema('order') }),
        query: paginationQuerySchema,
        response: page(deliverySchema),
        summary: 'List the deliveries against an order',
      },
      (context, { path, query }) => {
        const order = visibleOrder(context, path.id);
        return ok(
          pageOf(context, `order-deliveries:${order.id}`, ledgerList(context, 'delivery', 'order', order.id), query, (e) =>
            found(context.state.ledger.getDelivery(e.id), { defect: e.id }),
          ),
        );
      },
    ),
    route(
      'GET',
      '/registry/v0/supplier',
      { response: supplierSchema, notFound: true, summary: 'The supplier of the access token' },
      (context) => {
        const id = context.viewer.supplier?.id;
        if (id === undefined) throw notFound();
        return ok(supplierOr404(context, id));
      },
    ),
    route(
      'GET',
      '/registry/v0/suppliers',
      { query: paginationQuerySchema, response: page(supplierSchema), summary: 'List suppliers' },
      (context, { query }) =>
        ok(pageOf(context, 'suppliers', organisations(context, 'supplier'), query, (o) => supplierOr404(context, o.supplier?.id ?? ''))),
    ),
    route(
      'GET',
      '/registry/v0/suppliers/{id}',
      { path: supplierIdPathSchema, response: supplierSchema, summary: 'Read a supplier' },
      (context, { path }) => ok(supplierOr404(context, path.id)),
    ),
    route(
      'GET',
      '/registry/v0/suppliers/{id}/projects',
      {
        path: supplierIdPathSchema,
        query: paginationQuerySchema,
        response: page(registryProjectSchema),
        summary: 'List the projects of a supplier',
      },
      (context, { path, query }) => {
        supplierOr404(context, path.id);
        const owner = indexes(context).organisationOfSupplier.ids(path.id)[0];
        const items = filtered(visibleRows(context, context.state.projects), (p) => p.owner === owner);
        return ok(pageOf(context, `supplier-projects:${path.id}`, items, query, (p) => registryProjectView(context.state, p)));
      },
    ),
    route(
      'GET',
      '/registry/v0/suppliers/{id}/orders',
      { path: supplierIdPathSchema, query: paginationQuerySchema, response: page(orderSchema), summary: 'List the orders of a supplier' },
      (context, { path, query }) => {
        supplierOr404(context, path.id);
        return ok(
          pageOf(context, `supplier-orders:${path.id}`, ordersOf(context, 'ordersBySupplier', path.id), query, (o) =>
            orderView(context.state, o),
          ),
        );
      },
    ),
    route(
      'GET',
      '/registry/v0/projects',
      { query: paginationQuerySchema, response: page(registryProjectSchema), summary: 'List projects' },
      (context, { query }) =>
        ok(
          pageOf(context, 'registry-projects', visibleRows(context, context.state.projects), query, (p) =>
            registryProjectView(context.state, p),
          ),
        ),
    ),
    route(
      'GET',
      '/registry/v0/projects/{id}',
      { path: idPathSchema('project'), response: registryProjectSchema, summary: 'Read a project' },
      (context, { path }) =>
        ok(registryProjectView(context.state, found(context.state.projects.get(path.id), { visible: context, see: canSee }))),
    ),
    route(
      'GET',
      '/registry/v0/projects/{id}/documents',
      {
        path: idPathSchema('project'),
        query: paginationQuerySchema,
        response: page(projectDocumentSchema),
        summary: 'List the public documents of a project',
      },
      (context, { path, query }) => {
        const project = found(context.state.projects.get(path.id), { visible: context, see: canSee });
        const items = mergedList(context.state.projectDocuments, [indexes(context).documentsByProject.sequence(project.id)]);
        return ok(
          pageOf(context, `project-documents:${project.id}`, items, query, (d) => ({
            id: d.id,
            display_name: d.display_name,
            project_id: d.project_id,
            url: d.url,
          })),
        );
      },
    ),
    route(
      'GET',
      '/registry/v0/beneficiaries',
      { query: paginationQuerySchema, response: page(organisationSchema), summary: 'List the beneficiaries the caller registered' },
      (context, { query }) =>
        ok(pageOf(context, 'beneficiaries', organisations(context, `beneficiary:${context.viewer.id}`), query, orgView(context))),
    ),
    route(
      'POST',
      '/registry/v0/beneficiary',
      { body: createBeneficiaryRequestSchema, response: organisationSchema, summary: 'Register a retirement beneficiary' },
      (context, { body }) => createBeneficiary(context, body),
    ),
    route(
      'GET',
      '/registry/v0/transferees',
      {
        query: paginationQuerySchema,
        response: page(organisationSchema),
        summary: 'List the organisations the caller may transfer credits to',
      },
      (context, { query }) =>
        ok(
          pageOf(
            context,
            'transferees',
            filtered(organisations(context, 'registry'), (o) => o.id !== context.viewer.id),
            query,
            orgView(context),
          ),
        ),
    ),
  ];
}
