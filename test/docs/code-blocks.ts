// Fenced code blocks of the repository's Markdown (README.md and docs/*.md), for the tests that run
// them: the language after the fence, the words after it (`no-run`, `graph`, ...), the code, and
// where the block starts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One fenced code block. */
export interface CodeBlock {
  /** The Markdown file, relative to the root (`README.md`, `docs/cli.md`). */
  readonly file: string;
  /** Line of the opening fence, from 1. */
  readonly line: number;
  /** Line of the closing fence. */
  readonly endLine: number;
  /** The language word after the fence (`ts`, `sh`, `json`, ...), '' when none. */
  readonly lang: string;
  /** The other words after the language (`no-run`, `graph`, ...). */
  readonly flags: readonly string[];
  /** The code between the fences. */
  readonly code: string;
}

/** README.md and every docs/*.md present, in a stable order. */
export function markdownFiles(): string[] {
  const docs = join(ROOT, 'docs');
  const files = existsSync(docs)
    ? readdirSync(docs)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => join(docs, f))
    : [];
  return [join(ROOT, 'README.md'), ...files];
}

/** The fenced code blocks of a Markdown text (``` or ~~~ fences of three or more; indented fences too). */
export function codeBlocks(text: string, file: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(lines[i] as string);
    if (open === null) continue;
    const [, indent, fence, lang, rest] = open as unknown as [string, string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    for (; j < lines.length && !close.test(lines[j] as string); j++)
      body.push((lines[j] as string).startsWith(indent) ? (lines[j] as string).slice(indent.length) : (lines[j] as string));
    blocks.push({
      file,
      line: i + 1,
      endLine: j + 1,
      lang: lang.toLowerCase(),
      flags: rest.split(/\s+/).filter((w) => w !== ''),
      code: body.join('\n'),
    });
    i = j;
  }
  return blocks;
}

/** Every code block of README.md and docs/*.md. */
export function allCodeBlocks(): CodeBlock[] {
  return markdownFiles().flatMap((path) => codeBlocks(readFileSync(path, 'utf8'), relative(ROOT, path)));
}

/** `file:line` of a block, for test names and messages. */
export const where = (block: CodeBlock): string => `${block.file}:${block.line}`;

/**
 * The arguments of a shell line, split as a POSIX shell splits simple words: whitespace outside
 * quotes separates, single and double quotes group (no expansion), `#` starts a comment.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (const c of line) {
    if (quote !== null) {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) break;
    else word = (word ?? '') + c;
  }
  if (quote !== null) throw new Error(`unterminated quote in: ${line}`);
  if (word !== null) words.push(word);
  return words;
}

/** The block that follows `block` after one blank line, if any (e.g. the output shown for it). */
export function followingBlock(blocks: readonly CodeBlock[], block: CodeBlock): CodeBlock | undefined {
  return blocks.find((b) => b.file === block.file && b.line === block.endLine + 2);
}
