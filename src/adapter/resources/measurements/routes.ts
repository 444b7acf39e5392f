/**
 * Measurement locations and measurement samples. Each value of a sample becomes a datapoint
 * locked to the sample; a sample shows only the values its caller may see (docs/rules.md#service-behaviour).
 */
import { found } from '../found';
import type { z } from 'zod';
import { idPathSchema, listByReferenceQuerySchema, paginationQuerySchema } from '../../../model/queries';
import { createMeasurementLocationRequestSchema, createMeasurementSampleRequestSchema } from './schemas';
import { measurementLocationSchema, measurementSampleSchema } from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { canSee, indexes, type RequestContext } from '../../context';
import { conflict, Problems } from '../../http/failures';
import { checkQuantity } from '../../evaluation/quantities';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { DatapointRow, MeasurementSampleRow, QuantityRow } from '../../rows';
import { measurementLocationView, measurementSampleView } from './view';
import { matching, visibleRows } from '../visible-lists';
import { bodyProject, newRowInProject, pageOf } from '../common';

const createMeasurementLocation = (context: RequestContext, body: z.output<typeof createMeasurementLocationRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  const row = {
    ...newRowInProject(context, problems, project, 'measurement_location', body.supplier_reference_id),
    latitude: body.latitude,
    longitude: body.longitude,
    supplier_reference_id: body.supplier_reference_id,
  };
  state.measurementLocations.insert(row);
  return ok(measurementLocationView(row));
};

/** A measurement sample; each of its values becomes a datapoint locked to the sample. */
const createMeasurementSample = (context: RequestContext, body: z.output<typeof createMeasurementSampleRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  if (body.feedstock_batch_id !== null)
    found(state.feedstockBatches.get(body.feedstock_batch_id), {
      reference: context,
      problems,
      loc: ['body', 'feedstock_batch_id'],
      item: ['feedstock batch', body.feedstock_batch_id],
    });
  if (body.measurement_location_id !== null) {
    const location = found(state.measurementLocations.get(body.measurement_location_id), {
      reference: context,
      problems,
      loc: ['body', 'measurement_location_id'],
      item: ['measurement location', body.measurement_location_id],
    });
    if (location !== undefined && project !== undefined && location.project_id !== project.id) {
      problems.add(['body', 'measurement_location_id'], `measurement location '${location.id}' belongs to another project`, location.id);
    }
  }
  if (body.storage_location_id !== null)
    found(state.storageLocations.get(body.storage_location_id), {
      reference: context,
      problems,
      loc: ['body', 'storage_location_id'],
      item: ['storage location', body.storage_location_id],
    });
  const productionBatchId = body.production_batch_id ?? null;
  if (productionBatchId !== null)
    found(state.productionBatches.get(productionBatchId), {
      reference: context,
      problems,
      loc: ['body', 'production_batch_id'],
      item: ['production batch', productionBatchId],
    });
  const quantities = body.values.map((v, i) =>
    checkQuantity(problems, ['body', 'values', i, 'value'], v.value, v.measurement_property.quantity_kind),
  );
  const sample = newRowInProject(context, problems, project, 'measurement_sample', body.supplier_reference_id);
  const { id } = sample;
  const values = body.values.map((v, i) => {
    const datapoint: DatapointRow = {
      id: state.ids('datapoint'),
      owner: sample.owner,
      project_id: sample.project_id,
      display_name: `${body.measurement_type} ${v.measurement_property.quantity_kind}${v.measurement_property.qualifier ? ` (${v.measurement_property.qualifier})` : ''}`,
      description: `Value ${i + 1} of measurement sample ${id}`,
      type: 'REPORTED',
      quantity: quantities[i] as QuantityRow,
      source_ids: [],
      measured_at: body.measured_at,
      supplier_reference_id: null,
      uncertainty_justification: null,
      measurement_sample_id: id,
    };
    state.datapoints.insert(datapoint);
    return {
      datapoint_id: datapoint.id,
      measurement_property: { quantity_kind: v.measurement_property.quantity_kind, qualifier: v.measurement_property.qualifier },
    };
  });
  const row: MeasurementSampleRow = {
    ...sample,
    supplier_reference_id: body.supplier_reference_id,
    measured_at: body.measured_at.slice(0, 10),
    measurement_location_id: body.measurement_location_id,
    production_batch_id: productionBatchId,
    feedstock_batch_id: body.feedstock_batch_id,
    storage_location_id: body.storage_location_id,
    values,
  };
  state.measurementSamples.insert(row);
  return ok(measurementSampleView(context, row));
};

/** Deletes a measurement location no sample was taken at (409 otherwise). */
const deleteMeasurementLocation = (context: RequestContext, id: string) => {
  const { state } = context;
  found(state.measurementLocations.get(id), { owned: context });
  const sample = indexes(context).samplesByLocation.ids(id)[0];
  if (sample !== undefined) throw conflict(`measurement location ${id} is the location of measurement sample ${sample}`);
  state.measurementLocations.delete(id);
  return NO_CONTENT;
};

/** The routes of this module. */
export function measurementRoutes(): Route[] {
  const path = idPathSchema('measurement_location');
  return [
    route(
      'POST',
      '/mrv/v0/measurement_locations',
      {
        body: createMeasurementLocationRequestSchema,
        response: measurementLocationSchema,
        conflict: true,
        summary: 'Create a measurement location',
      },
      (context, { body }) => createMeasurementLocation(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/measurement_locations',
      {
        query: listByReferenceQuerySchema,
        response: paginatedListSchema(measurementLocationSchema),
        summary: 'List measurement locations',
      },
      (context, { query }) => {
        const all = visibleRows(context, context.state.measurementLocations);
        const reference = query.supplier_reference_id ?? null;
        return ok(
          pageOf(
            context,
            'measurement_locations',
            reference === null
              ? all
              : matching(context, context.state.measurementLocations, {
                  scope: 'visible',
                  equal: { supplier_reference_id: reference },
                  keep: () => true,
                }),
            query,
            measurementLocationView,
          ),
        );
      },
    ),
    route(
      'GET',
      '/mrv/v0/measurement_locations/{id}',
      { path, response: measurementLocationSchema, summary: 'Read a measurement location' },
      (context, { path: p }) =>
        ok(measurementLocationView(found(context.state.measurementLocations.get(p.id), { visible: context, see: canSee }))),
    ),
    route(
      'DELETE',
      '/mrv/v0/measurement_locations/{id}',
      { path, response: null, conflict: true, summary: 'Delete a measurement location no sample uses' },
      (context, { path: p }) => deleteMeasurementLocation(context, p.id),
    ),
    route(
      'POST',
      '/mrv/v0/measurement_samples',
      {
        body: createMeasurementSampleRequestSchema,
        response: measurementSampleSchema,
        conflict: true,
        summary: 'Create a measurement sample',
      },
      (context, { body }) => createMeasurementSample(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/measurement_samples',
      { query: paginationQuerySchema, response: paginatedListSchema(measurementSampleSchema), summary: 'List measurement samples' },
      (context, { query }) =>
        ok(
          pageOf(context, 'measurement_samples', visibleRows(context, context.state.measurementSamples), query, (m) =>
            measurementSampleView(context, m),
          ),
        ),
    ),
  ];
}
