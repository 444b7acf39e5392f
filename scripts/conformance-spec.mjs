/**
 * Where `npm run conformance` finds the real service's OpenAPI documents: beside the clone, in
 * ../shared/spec/openapi/, never inside it. vitest.conformance.config.ts stops with this sentence
 * when they are missing, instead of every test failing on an ENOENT.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The sentence to print when `<root>/../shared/spec/openapi` is missing, or null when it exists. */
export function missingSpecDocuments(root) {
  const dir = resolve(root, '..', 'shared', 'spec', 'openapi');
  if (existsSync(dir)) return null;
  return (
    `npm run conformance compares the engine with the real service's OpenAPI documents, which are not part of the repository: ` +
    `it needs the specification documents beside the clone, in ../shared/spec/openapi/ (${dir}, which does not exist). ` +
    'npm test needs nothing beside the clone.'
  );
}
