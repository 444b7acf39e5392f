#!/usr/bin/env node
/**
 * Rewrites the source's references to the specification documents that live outside the
 * repository (`semantics.md section 2`, `interface.md 2.8`, `contract.md 6`) into references to
 * the docs/ page and section that holds the rule now (`docs/rules.md#units-and-quantity-kinds`),
 * so that a reader of the code can follow every citation in the repository itself.
 *
 *   node scripts/doc-citations.mjs [path ...]          rewrite the .ts files under each path
 *                                                      (default: src)
 *   node scripts/doc-citations.mjs --check [path ...]  list the references left; exit 1 if any
 *
 * The mapping is the table below: a document and its section (`interface 2.8`), else the document
 * and the section's first number (`interface 2`), else the document alone. Two sections joined by
 * "and", "to" or a comma become both targets. No dependencies: node only.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const RULES = 'docs/rules.md';

/** Where each section's rules live in docs/. */
export const TARGETS = {
  semantics: `${RULES}`,
  'semantics 1': `${RULES}#blueprints-components-and-inputs`,
  'semantics 2': `${RULES}#units-and-quantity-kinds`,
  'semantics 3': `${RULES}#evaluating-a-ghg-entry`,
  'semantics 3a': `${RULES}#uncertainty-beyond-the-first-order`,
  'semantics 4': `${RULES}#statement-and-project-components`,
  'semantics 5': `${RULES}#rounding-credits-and-the-buffer-pool`,
  'semantics 6': `${RULES}#credit-batches`,
  'semantics 7': `${RULES}#service-behaviour`,
  interface: 'docs/service.md',
  'interface 1': 'docs/service.md#visibility',
  'interface 2': `${RULES}#service-resources`,
  'interface 3': `${RULES}#service-resources`,
  'interface 4': `${RULES}#endpoints-and-limits`,
  'interface 4.2': 'docs/service.md#routes',
  'interface 4.3': 'docs/service.md#routes',
  'interface 5': 'docs/service.md#authentication',
  'interface 6': `${RULES}#service-behaviour`,
  'interface 7': 'docs/service.md#status-codes-and-error-bodies',
  'interface 8': `${RULES}#endpoints-and-limits`,
  'interface 9': `${RULES}#service-behaviour`,
  contract: `${RULES}#package-and-entry-points`,
  'contract 1': `${RULES}#package-and-entry-points`,
  'contract 2': 'docs/graph-document.md',
  'contract 3': 'docs/result.md',
  'contract 4': `${RULES}#package-and-entry-points`,
  'contract 5': 'docs/cli.md',
  'contract 6': `${RULES}#world-document-and-test-helpers`,
};

const SECTION = String.raw`\d+[a-z]?(?:\.\d+)?`;
/** Spaces, or a line break and the comment's continuation (` * ` or `// `). */
const GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*(?:\*|\/\/)[ \t]*)`;
/**
 * A citation: the document, optionally "section(s)" and one or two section numbers; then the
 * punctuation after it, which moves up with the target when the citation was wrapped.
 */
export const CITATION = new RegExp(
  String.raw`\b(semantics|interface|contract)\.md(?:,?${GAP}(?:(?:sections?|§)${GAP}?)?(${SECTION})(?:(${GAP}(?:and|to)${GAP}|,${GAP}|-)(${SECTION}))?)?(?!\w)([),.:;]*)( ?)`,
  'g',
);

/** The docs/ target of one document's section (or of the document when `section` is undefined). */
export function target(document, section) {
  if (section === undefined) return TARGETS[document];
  return (
    TARGETS[`${document} ${section}`] ??
    TARGETS[`${document} ${section.replace(/[a-z]$/, '')}`] ??
    TARGETS[`${document} ${section.split('.')[0]}`] ??
    TARGETS[document]
  );
}

/**
 * The text with every citation of the specification documents replaced by its docs/ target. A
 * citation wrapped over two comment lines becomes its target and the punctuation after it on the
 * first line; the second line keeps its comment prefix and what followed.
 */
export function rewrite(text) {
  return text.replace(CITATION, (match, document, first, joiner, second, punctuation, space) => {
    const one = target(document, first);
    const two = second === undefined ? one : target(document, second);
    const word = joiner === undefined ? '' : joiner.replace(/^(?:\s|\*|\/\/)+|(?:\s|\*|\/\/)+$/g, '');
    // "sections 2 to 4" spanning several pages names them all.
    const samePage = one.split('#')[0] === two.split('#')[0];
    const joined =
      one === two ? one : `${one}${word === 'and' ? ' and ' : (word === 'to' || word === '-') && samePage ? ' to ' : ', '}${two}`;
    const lineBreak = /[ \t]*\n[ \t]*(?:\*|\/\/)[ \t]*/.exec(match.slice(0, match.length - punctuation.length - space.length));
    if (lineBreak === null) return `${joined}${punctuation}${space}`;
    return `${joined}${punctuation}\n${lineBreak[0].replace(/^[ \t]*\n/, '')}`;
  });
}

/** The .ts files under a path. */
function files(path) {
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') ? [path] : [];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const paths = args.filter((a) => a !== '--check');
  const left = [];
  let changed = 0;
  for (const file of (paths.length > 0 ? paths : ['src']).flatMap((p) => files(join(root, p)))) {
    const text = readFileSync(file, 'utf8');
    if (check) {
      text.split('\n').forEach((line, i) => {
        if (new RegExp(CITATION.source).test(line)) left.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
      continue;
    }
    const next = rewrite(text);
    if (next !== text) {
      writeFileSync(file, next);
      changed++;
    }
  }
  if (check) {
    if (left.length > 0) {
      console.error(`doc-citations: ${left.length} reference(s) to documents outside the repository:\n${left.join('\n')}`);
      process.exitCode = 1;
    }
  } else {
    console.log(`doc-citations: ${changed} file(s) rewritten`);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
