/**
 * A graph document file prepared as it is read (accounting/prepare streaming.ts), for an
 * evaluation without Monte Carlo: a first pass counts the items of the large collections without
 * parsing them, a second parses them a run at a time and hands each run to the preparation, which
 * keeps their columns and drops the items. The parsed document is never whole: the peak memory of
 * a large document is its columns (docs/scaling.md).
 *
 * Owns: streamAndPrepare. May import: accounting/prepare, json-stream.ts, document.ts.
 */
import type { AccountingPolicies } from '../accounting';
import { isStreamedCollection, StreamingPreparation, type ReleasingPrepare } from '../accounting/prepare';
import { feedFile, fileChunk } from './document';
import { JsonObjectStream } from './json-stream';

/** The number of items of each large collection of a file's document (a scan: items are not parsed). */
export async function countItems(source: string | URL, chunk: Buffer = fileChunk()): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const parser = new JsonObjectStream(undefined, {
    consumes: isStreamedCollection,
    counted: (key, count) => counts.set(key, (counts.get(key) ?? 0) + count),
  });
  await feedFile(source, parser, chunk);
  parser.end();
  return counts;
}

/**
 * The file's document prepared for evaluation as it is read, or `again` when it is to be read and
 * prepared the ordinary way (anything the streaming preparation does not take on, a problem, a
 * refused entry, a text that is not JSON, a file that cannot be read: the ordinary way then says
 * what, in its words).
 */
export async function streamAndPrepare(
  source: string | URL,
  policies: Partial<AccountingPolicies> | undefined,
  chunkBytes?: number,
): Promise<ReleasingPrepare> {
  try {
    // One buffer for both passes: a fresh 8 MB buffer costs its page faults (bench/RESULTS.md, stop 51).
    const chunk = fileChunk(chunkBytes);
    const counts = await countItems(source, chunk);
    // The handlers run only once the file is fed, when both exist.
    const parser: JsonObjectStream = new JsonObjectStream((key, items) => preparation.items(key, items), {
      consumes: (key) => preparation.consumes(key),
    });
    const preparation = new StreamingPreparation(counts, policies, () => parser.parsedSoFar);
    await feedFile(source, parser, chunk);
    return preparation.finish(parser.end());
  } catch {
    return { again: true };
  }
}
