/**
 * Feedstock types and batches, and the production batches made from them. A feedstock type or
 * batch, or a production batch, that something uses (a batch, an entry, an application, a sample)
 * cannot be deleted (409). A production batch is part of a GHG statement when a submitted entry
 * reaches it through an application or a sample (docs/rules.md#service-behaviour); feedstock records follow it.
 */
import { found } from '../found';
import * as z from 'zod';
import { idSchema } from '../../../model';
import { feedstockTypeIdPathSchema } from './schemas';
import { idPathSchema, listByReferenceQuerySchema, paginationQuerySchema } from '../../../model/queries';
import { createFeedstockBatchRequestSchema, createProductionBatchRequestSchema, patchFeedstockTypeRequestSchema } from './schemas';
import { feedstockBatchSchema, feedstockTypeSchema, productionBatchSchema } from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { canSee, indexes, type RequestContext } from '../../context';
import { conflict, Problems } from '../../http/failures';
import { checkQuantity } from '../../evaluation/quantities';
import { FEEDSTOCK_QUANTITIES } from './quantities';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { FeedstockTypeRow, QuantityRow } from '../../rows';
import { feedstockBatchView, feedstockTypeView, productionBatchView } from './view';
import { mergedList } from '../../store/merged-list';
import { matching, visibleRows } from '../visible-lists';
import { checkReferenceFree, newRow, pageOf, patched } from '../common';

const createFeedstockBatch = (context: RequestContext, body: z.output<typeof createFeedstockBatchRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  found(state.feedstockTypes.get(body.feedstock_type_id), {
    reference: context,
    problems,
    loc: ['body', 'feedstock_type_id'],
    item: ['feedstock type', body.feedstock_type_id],
  });
  const mass = checkQuantity(problems, ['body', 'mass'], body.mass, FEEDSTOCK_QUANTITIES.feedstock_batch.mass);
  const row = {
    ...newRow(context, problems, 'feedstock_batch', body.supplier_reference_id),
    created_at: state.clock.nowIso(),
    delivery_date: body.delivery_date,
    display_name: body.display_name,
    feedstock_type_id: body.feedstock_type_id,
    mass: mass as QuantityRow,
    supplier_reference_id: body.supplier_reference_id,
  };
  state.feedstockBatches.insert(row);
  return ok(feedstockBatchView(row));
};

const deleteFeedstockType = (context: RequestContext, id: string) => {
  const { state } = context;
  found(state.feedstockTypes.get(id), { owned: context });
  const batch = state.feedstockBatches.rows().find((b) => b.feedstock_type_id === id && b.owner === context.viewer.id);
  if (batch !== undefined) throw conflict(`feedstock type ${id} is used by feedstock batch ${batch.id}`);
  const removal = state.removals.rows().find((r) => r.feedstock_type_id === id);
  if (removal !== undefined) throw conflict(`feedstock type ${id} is used by GHG entry ${removal.id}`);
  const production = state.productionBatches.rows().find((p) => p.feedstock_type_ids.includes(id));
  if (production !== undefined) throw conflict(`feedstock type ${id} is used by production batch ${production.id}`);
  state.feedstockTypes.delete(id);
  return NO_CONTENT;
};

const createProductionBatch = (context: RequestContext, body: z.output<typeof createProductionBatchRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  found(state.facilities.get(body.facility_id), {
    reference: context,
    problems,
    loc: ['body', 'facility_id'],
    item: ['facility', body.facility_id],
  });
  body.feedstock_type_ids.forEach((f, i) =>
    found(state.feedstockTypes.get(f), {
      reference: context,
      problems,
      loc: ['body', 'feedstock_type_ids', i],
      item: ['feedstock type', f],
    }),
  );
  if (body.ended_at < body.started_at) problems.add(['body', 'ended_at'], 'ended_at must not be before started_at', body.ended_at);
  const mass = checkQuantity(problems, ['body', 'mass'], body.mass, FEEDSTOCK_QUANTITIES.production_batch.mass);
  const row = {
    ...newRow(context, problems, 'production_batch', body.supplier_reference_id),
    facility_id: body.facility_id,
    feedstock_type_ids: [...body.feedstock_type_ids],
    supplier_reference_id: body.supplier_reference_id,
    kind: body.kind,
    started_at: body.started_at,
    ended_at: body.ended_at,
    uploaded_at: state.clock.nowIso(),
    display_name: body.display_name ?? body.supplier_reference_id,
    mass: mass as QuantityRow,
  };
  state.productionBatches.insert(row);
  return ok(productionBatchView(row));
};

const patchFeedstockType = (context: RequestContext, id: string, body: z.output<typeof patchFeedstockTypeRequestSchema>) => {
  const { state } = context;
  const type = found(state.feedstockTypes.get(id), { owned: context });
  if (body.supplier_reference_id !== undefined) checkReferenceFree(context, body.supplier_reference_id, id);
  const row: FeedstockTypeRow = patched(type, body, ['name', 'supplier_reference_id']);
  state.feedstockTypes.update(row);
  return ok(feedstockTypeView(row));
};

/** Deletes a feedstock batch no measurement sample was taken of (409 otherwise). */
const deleteFeedstockBatch = (context: RequestContext, id: string) => {
  const { state } = context;
  found(state.feedstockBatches.get(id), { owned: context });
  const sample = indexes(context).samplesByBatch.ids(id)[0];
  if (sample !== undefined) throw conflict(`feedstock batch ${id} is measured by measurement sample ${sample}`);
  state.feedstockBatches.delete(id);
  return NO_CONTENT;
};

/** Deletes a production batch no application spread and no sample measured (409 otherwise). */
const deleteProductionBatch = (context: RequestContext, id: string) => {
  const { state } = context;
  found(state.productionBatches.get(id), { owned: context });
  const application = indexes(context).applicationsByBatch.ids(id)[0];
  if (application !== undefined) throw conflict(`production batch ${id} is spread by biochar application ${application}`);
  const sample = indexes(context).samplesByBatch.ids(id)[0];
  if (sample !== undefined) throw conflict(`production batch ${id} is measured by measurement sample ${sample}`);
  state.productionBatches.delete(id);
  return NO_CONTENT;
};

/** The routes of this module. */
export function feedstockRoutes(): Route[] {
  const typePath = feedstockTypeIdPathSchema;
  return [
    route(
      'GET',
      '/mrv/v0/feedstock_types',
      { query: listByReferenceQuerySchema, response: paginatedListSchema(feedstockTypeSchema), summary: 'List feedstock types' },
      (context, { query }) => {
        const all = visibleRows(context, context.state.feedstockTypes);
        const reference = query.supplier_reference_id ?? null;
        return ok(
          pageOf(
            context,
            'feedstock_types',
            reference === null
              ? all
              : matching(context, context.state.feedstockTypes, {
                  scope: 'visible',
                  equal: { supplier_reference_id: reference },
                  keep: () => true,
                }),
            query,
            feedstockTypeView,
          ),
        );
      },
    ),
    route(
      'GET',
      '/mrv/v0/feedstock_types/{id}',
      { path: typePath, response: feedstockTypeSchema, summary: 'Read a feedstock type' },
      (context, { path: p }) => ok(feedstockTypeView(found(context.state.feedstockTypes.get(p.id), { visible: context, see: canSee }))),
    ),
    route(
      'PATCH',
      '/mrv/v0/feedstock_types/{id}',
      {
        path: typePath,
        body: patchFeedstockTypeRequestSchema,
        response: feedstockTypeSchema,
        conflict: true,
        summary: 'Change a feedstock type',
      },
      (context, { path: p, body }) => patchFeedstockType(context, p.id, body),
    ),
    route(
      'DELETE',
      '/mrv/v0/feedstock_types/{id}',
      { path: typePath, response: null, conflict: true, summary: 'Delete a feedstock type nothing uses' },
      (context, { path: p }) => deleteFeedstockType(context, p.id),
    ),
    route(
      'POST',
      '/mrv/v0/feedstock_batches',
      {
        body: createFeedstockBatchRequestSchema,
        quantities: FEEDSTOCK_QUANTITIES.feedstock_batch,
        response: feedstockBatchSchema,
        conflict: true,
        summary: 'Create a feedstock batch',
      },
      (context, { body }) => createFeedstockBatch(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/feedstock_types/{feedstock_type_id}/feedstock_batches',
      {
        path: z.object({ feedstock_type_id: idSchema('feedstock_type') }),
        query: paginationQuerySchema,
        response: paginatedListSchema(feedstockBatchSchema),
        summary: 'List the batches of a feedstock type',
      },
      (context, { path: p, query }) => {
        const type = found(context.state.feedstockTypes.get(p.feedstock_type_id), { visible: context, see: canSee });
        // Feedstock batches are their owner's only (no GHG entry reaches one): the type's owner sees its batches.
        const items =
          type.owner === context.viewer.id
            ? mergedList(context.state.feedstockBatches, [indexes(context).batchesByType.sequence(type.id)])
            : [];
        return ok(pageOf(context, `feedstock_batches:${type.id}`, items, query, feedstockBatchView));
      },
    ),
    route(
      'GET',
      '/mrv/v0/feedstock_batches/{id}',
      { path: idPathSchema('feedstock_batch'), response: feedstockBatchSchema, summary: 'Read a feedstock batch' },
      (context, { path: p }) => ok(feedstockBatchView(found(context.state.feedstockBatches.get(p.id), { visible: context, see: canSee }))),
    ),
    route(
      'DELETE',
      '/mrv/v0/feedstock_batches/{id}',
      { path: idPathSchema('feedstock_batch'), response: null, conflict: true, summary: 'Delete a feedstock batch nothing measured' },
      (context, { path: p }) => deleteFeedstockBatch(context, p.id),
    ),
    route(
      'POST',
      '/mrv/v0/production_batches',
      {
        body: createProductionBatchRequestSchema,
        quantities: FEEDSTOCK_QUANTITIES.production_batch,
        response: productionBatchSchema,
        conflict: true,
        summary: 'Create a production batch',
      },
      (context, { body }) => createProductionBatch(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/production_batches',
      { query: paginationQuerySchema, response: paginatedListSchema(productionBatchSchema), summary: 'List production batches' },
      (context, { query }) =>
        ok(pageOf(context, 'production_batches', visibleRows(context, context.state.productionBatches), query, productionBatchView)),
    ),
    route(
      'GET',
      '/mrv/v0/production_batches/{id}',
      { path: idPathSchema('production_batch'), response: productionBatchSchema, summary: 'Read a production batch' },
      (context, { path: p }) =>
        ok(productionBatchView(found(context.state.productionBatches.get(p.id), { visible: context, see: canSee }))),
    ),
    route(
      'DELETE',
      '/mrv/v0/production_batches/{id}',
      { path: idPathSchema('production_batch'), response: null, conflict: true, summary: 'Delete a production batch nothing uses' },
      (context, { path: p }) => deleteProductionBatch(context, p.id),
    ),
  ];
}
