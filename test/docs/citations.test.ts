// The source cites the repository's own documentation: no comment sends the reader to the
// specification documents outside it (semantics.md, interface.md, contract.md, ../shared), and
// every target of scripts/doc-citations.mjs (which rewrites such citations) is a page and a heading
// of docs/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewrite, TARGETS } from '../../scripts/doc-citations.mjs';
import { markdownFiles, ROOT } from './code-blocks';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

describe('citations of the rules', () => {
  it('no source file cites a document outside the repository', () => {
    const outside = /\b(?:semantics|interface|contract)\.md\b|\.\.\/shared\b/;
    const found: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outside.test(line)) found.push(`${file.slice(ROOT.length)}:${i + 1}`);
        });
    }
    // Rewrite them with `node scripts/doc-citations.mjs src` (and add the rule to docs/ first).
    expect(found).toEqual([]);
  });

  it('no page of README.md or docs/ cites a specification document outside the repository', () => {
    // The pages cite their own rules (docs/rules.md and the other pages), which a reader of the
    // repository or the package has; the specification documents are in neither.
    const outside = /\b(?:semantics|interface|contract)\.md\b|\bsemantics(?: section)? \d/;
    const found: string[] = [];
    for (const file of markdownFiles()) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outside.test(line)) found.push(`${file.slice(ROOT.length)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('every target of the rewriting is a docs/ page and one of its headings', () => {
    const missing: string[] = [];
    for (const target of new Set(Object.values(TARGETS))) {
      const [page, hash] = target.split('#') as [string, string | undefined];
      const text = readFileSync(join(ROOT, page), 'utf8');
      const anchors = new Set([...text.matchAll(/^#{1,4} (.+)$/gm)].map((m) => anchor(m[1] as string)));
      if (hash !== undefined && !anchors.has(hash)) missing.push(target);
    }
    expect(missing).toEqual([]);
  });

  it('rewrites a citation, a wrapped one and a range of sections', () => {
    expect(rewrite('rounded (semantics.md section 5), then')).toBe('rounded (docs/rules.md#rounding-credits-and-the-buffer-pool), then');
    expect(rewrite(' * shares (semantics.md\n * section 4): split')).toBe(
      ' * shares (docs/rules.md#statement-and-project-components):\n * split',
    );
    expect(rewrite('the Datapoint (interface.md 2.8)')).toBe('the Datapoint (docs/rules.md#service-resources)');
    expect(rewrite('(semantics.md sections 3 and 4)')).toBe(
      '(docs/rules.md#evaluating-a-ghg-entry and docs/rules.md#statement-and-project-components)',
    );
    expect(rewrite('a token (interface.md 5)')).toBe('a token (docs/service.md#authentication)');
    expect(rewrite('no citation here: semantics of docs.md')).toBe('no citation here: semantics of docs.md');
  });
});
