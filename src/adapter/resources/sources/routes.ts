/**
 * Sources: the documents behind datapoints. Their metadata is visible with what they back; the
 * document itself (`private_url`) only to the owner and the verifier it is exposed to, never
 * publicly (docs/service.md#visibility rules 4 and 5). A source something names (a datapoint, a biochar
 * application, a monitoring submission) cannot be deleted (409).
 */
import { found } from '../found';
import type { z } from 'zod';
import { listSourcesQuerySchema, sourceIdPathSchema } from './schemas';
import { createDocumentSourceRequestSchema, patchSourceRequestSchema, signedUploadUrlRequestSchema } from './schemas';
import { createSourceResponseSchema, sourcePrivateUrlSchema, sourceSchema } from './schemas';
import { paginatedListSchema } from '../../../model/shapes';
import { canReadDocument, indexes, type RequestContext } from '../../context';
import { conflict, Problems } from '../../http/failures';
import { NO_CONTENT, ok, route, type Route } from '../../router';
import type { SourceRow } from '../../rows';
import { privateSourceUrl, sourceView } from './view';
import { matching, visibleRows } from '../visible-lists';
import { bodyProject, checkReferenceFree, newRowInProject, pageOf, patched } from '../common';

/** Where a source's file is uploaded (the sandbox keeps no files). */
function uploadAddress(row: SourceRow): string {
  return `https://uploads.sandbox.invalid/sources/${row.id}/${encodeURIComponent(row.file_name ?? 'document')}`;
}

const createSource = (context: RequestContext, body: z.output<typeof createDocumentSourceRequestSchema>) => {
  const { state } = context;
  const problems = new Problems();
  const project = bodyProject(context, problems, body.project_id);
  if (body.content_length < 0) problems.add(['body', 'content_length'], 'content_length must not be negative', body.content_length);
  const row = {
    ...newRowInProject(context, problems, project, 'source', body.supplier_reference_id),
    display_name: body.display_name,
    supplier_reference_id: body.supplier_reference_id,
    published_at: body.published_at,
    is_public: body.is_public,
    file_name: body.file_name,
    content_type: body.content_type,
    content_length: body.content_length,
  };
  state.sources.insert(row);
  return ok({ source: sourceView(context, row), signed_upload_url: uploadAddress(row) });
};

const listSources = (context: RequestContext, query: z.output<typeof listSourcesQuerySchema>) => {
  const all = visibleRows(context, context.state.sources);
  const reference = query.supplier_reference_id ?? null;
  const project = query.project_id ?? null;
  const keep = (s: SourceRow): boolean =>
    (reference === null || s.supplier_reference_id === reference) && (project === null || s.project_id === project);
  const items =
    reference === null && project === null
      ? all
      : matching(context, context.state.sources, {
          scope: 'visible',
          equal: { supplier_reference_id: reference, project_id: project },
          keep,
        });
  return ok(pageOf(context, 'sources', items, query, (s) => sourceView(context, s)));
};

const patchSource = (context: RequestContext, id: string, body: z.output<typeof patchSourceRequestSchema>) => {
  const { state } = context;
  const source = found(state.sources.get(id), { owned: context });
  if (body.supplier_reference_id !== undefined) checkReferenceFree(context, body.supplier_reference_id, id);
  const row: SourceRow = patched(source, body, ['supplier_reference_id', 'display_name', 'published_at', 'is_public']);
  state.sources.update(row);
  return ok(sourceView(context, row));
};

const deleteSource = (context: RequestContext, id: string) => {
  const { state } = context;
  found(state.sources.get(id), { owned: context });
  const d = indexes(context);
  const datapoint = d.datapointsBySource.ids(id)[0];
  if (datapoint !== undefined) throw conflict(`source ${id} is a source of datapoint ${datapoint}`);
  const application = d.applicationsBySource.ids(id)[0];
  if (application !== undefined) throw conflict(`source ${id} is a source of biochar application ${application}`);
  const submission = d.monitoringSubmissionsBySource.ids(id)[0];
  if (submission !== undefined) throw conflict(`source ${id} is the document of monitoring submission ${submission}`);
  state.sources.delete(id);
  return NO_CONTENT;
};

/** A new upload address for a source's document, for a file of the given type and size. */
const signedUploadUrl = (context: RequestContext, id: string, body: z.output<typeof signedUploadUrlRequestSchema>) => {
  const { state } = context;
  const source = found(state.sources.get(id), { owned: context });
  const row: SourceRow = { ...source, content_type: body.content_type, content_length: body.content_length };
  state.sources.update(row);
  return ok(uploadAddress(row));
};

/** The routes of this module. */
export function sourceRoutes(): Route[] {
  const path = sourceIdPathSchema;
  return [
    route(
      'POST',
      '/mrv/v0/sources',
      {
        body: createDocumentSourceRequestSchema,
        response: createSourceResponseSchema,
        conflict: true,
        summary: 'Create a document source',
      },
      (context, { body }) => createSource(context, body),
    ),
    route(
      'GET',
      '/mrv/v0/sources',
      { query: listSourcesQuerySchema, response: paginatedListSchema(sourceSchema), summary: 'List sources' },
      (context, { query }) => listSources(context, query),
    ),
    route('GET', '/mrv/v0/sources/{id}', { path, response: sourceSchema, summary: 'Read a source' }, (context, { path: p }) =>
      ok(sourceView(context, found(context.state.sources.get(p.id), { visible: context }))),
    ),
    route(
      'PATCH',
      '/mrv/v0/sources/{id}',
      { path, body: patchSourceRequestSchema, response: sourceSchema, conflict: true, summary: 'Change a source' },
      (context, { path: p, body }) => patchSource(context, p.id, body),
    ),
    route(
      'DELETE',
      '/mrv/v0/sources/{id}',
      { path, response: null, conflict: true, summary: 'Delete a source nothing names' },
      (context, { path: p }) => deleteSource(context, p.id),
    ),
    route(
      'GET',
      '/mrv/v0/sources/{id}/private_url',
      { path, response: sourcePrivateUrlSchema, summary: 'The private address of a source document' },
      (context, { path: p }) => {
        // The document itself: owner and verifier only, never public (docs/service.md#visibility rule 4).
        const source = found(context.state.sources.get(p.id), { visible: context, see: canReadDocument });
        return ok(privateSourceUrl(context.state, source));
      },
    ),
    route(
      'POST',
      '/mrv/v0/sources/{id}/signed_upload_url',
      {
        path,
        body: signedUploadUrlRequestSchema,
        response: sourcePrivateUrlSchema,
        summary: "A new upload address for a source's document",
      },
      (context, { path: p, body }) => signedUploadUrl(context, p.id, body),
    ),
  ];
}
