/**
 * The route table of docs/service.md, generated from the service's own OpenAPI document: one row
 * per operation with its success status and the refusals it may answer beside 401, 422 and a write's 503. The
 * docs test holds the table in docs/service.md to this.
 */
import { serviceOpenApiDocument } from '../../src/adapter/openapi/openapi';

/** The markdown rows (header included) of the route table. */
export function routeTable(): string {
  const rows: string[] = ['| Method | Path | Success | Also answers |', '|---|---|---|---|'];
  for (const [path, methods] of Object.entries(serviceOpenApiDocument().paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, { responses: Record<string, unknown> }>)) {
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => s.startsWith('2')).join(', ');
      const also = statuses.filter((s) => !s.startsWith('2') && s !== '401' && s !== '422' && s !== '503').join(', ');
      rows.push(`| ${method.toUpperCase()} | \`${path}\` | ${success} | ${also === '' ? '' : also} |`);
    }
  }
  return rows.join('\n');
}
