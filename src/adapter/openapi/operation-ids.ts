/**
 * The OpenAPI operation ids of the routes: names a generated client reads well, made from the
 * method and the path's resources (`POST /mrv/v0/ghg_statements/{id}/submit` is
 * `submitGhgStatement`, `GET /mrv/v0/datapoints` is `listDatapoints`, `PATCH
 * /mrv/v0/datapoints/{id}` is `updateDatapoint`). Imports nothing.
 */

/** `ghg_statements` → `GhgStatements`. */
function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => (w.toLowerCase() === 'ghg' ? 'Ghg' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

/** The singular of a resource's plural name (`entries` → `entry`, `statuses` → `status`). */
function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word;
}

const VERBS: Readonly<Record<string, string>> = { get: 'get', post: 'create', patch: 'update', put: 'replace', delete: 'delete' };

/** The last segments that name an action rather than a resource (`POST .../{id}/submit`). */
const ACTIONS = new Set(['submit', 'verify', 'issue_credits', 'process', 'complete', 'advance']);

/** Singletons that name the caller's own resource. */
const CURRENT = new Set(['organisation', 'supplier']);

/** `issue_credits` → `issueCredits`. */
function camel(words: string): string {
  const p = pascal(words);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/**
 * The operation id of a route. A path ends in a collection (`/datapoints`), an item
 * (`/datapoints/{id}`), a singleton (`/organisation`) or an action (`/ghg_statements/{id}/submit`);
 * the resources before the last (`/projects/{id}/...`) are named before it in the singular.
 */
export function operationIdOf(method: string, path: string): string {
  const parts = path.split('/').filter((p) => p !== '');
  // Leave out the API prefix (`mrv`, `v0`).
  const segments = parts.slice(parts.findIndex((p) => /^v\d+$/.test(p)) + 1);
  const names = segments.filter((s) => !s.startsWith('{'));
  const last = segments.at(-1) ?? '';
  const lower = method.toLowerCase();
  const owners = (upTo: number) =>
    names
      .slice(0, upTo)
      .map((n) => pascal(singular(n)))
      .join('');
  if (lower === 'post' && ACTIONS.has(last)) return `${camel(last)}${owners(names.length - 1)}`;
  if (last.startsWith('{')) return `${VERBS[lower] ?? lower}${owners(names.length)}`;
  const plural = singular(last) !== last;
  if (lower === 'get' && plural) return `list${owners(names.length - 1)}${pascal(last)}`;
  // The caller's own organisation or supplier (`GET /organisation`), beside `GET /organisations/{id}`.
  if (lower === 'get') return `get${segments.length === 1 && CURRENT.has(last) ? 'Current' : ''}${owners(names.length)}`;
  return `${VERBS[lower] ?? lower}${owners(names.length)}`;
}

/**
 * Operation ids for every route, unique: an id two APIs would share (`GET /mrv/v0/projects` and
 * `GET /registry/v0/projects`) names the API after the verb in all but the first
 * (`listRegistryProjects`).
 */
export function operationIds(routes: readonly { readonly method: string; readonly path: string }[]): string[] {
  const seen = new Set<string>();
  return routes.map(({ method, path }) => {
    let id = operationIdOf(method, path);
    if (seen.has(id)) {
      const api = pascal(path.split('/').filter((p) => p !== '')[0] ?? '');
      id = id.replace(/^([a-z]+)/, `$1${api}`);
    }
    for (let n = 2; seen.has(id); n++) id = `${id.replace(/\d+$/, '')}${n}`;
    seen.add(id);
    return id;
  });
}
