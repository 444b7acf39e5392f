/**
 * The route table: every resource's routes (its descriptor's `routes`), then the sandbox's test
 * helpers, in the order the OpenAPI document lists them. The resources named in ROUTE_ORDER come
 * in that order (the order the document has always had), any other after them in list order: a
 * new resource adds no line here.
 */
import type { Route } from '../router';
import { RESOURCES } from './index';
import { helperRoutes } from './sandbox-helpers/routes';

/** The resources whose routes the document has listed, in its order (resources' names). */
const ROUTE_ORDER: readonly string[] = [
  'removals',
  'ghg-statements',
  'components',
  'datapoints',
  'sources',
  'measurements',
  'projects',
  'feedstock',
  'storage',
  'monitoring',
  'credit-ledger',
  'registry-parties',
  'stripe',
];

/** The resources of the list in route order: those ROUTE_ORDER names in its order, the others after, in list order. */
function inRouteOrder<T extends { readonly name: string }>(list: readonly T[]): T[] {
  const rank = (r: T): number => {
    const at = ROUTE_ORDER.indexOf(r.name);
    return at < 0 ? ROUTE_ORDER.length + list.indexOf(r) : at;
  };
  return [...list].sort((a, b) => rank(a) - rank(b));
}

/** The route table. */
export const ROUTES: readonly Route[] = [...inRouteOrder(RESOURCES).flatMap((r) => r.routes()), ...helperRoutes()];
