/**
 * One string per id while a graph document is read a chunk at a time (json-stream.ts): `JSON.parse`
 * makes a new string for every occurrence of an id longer than a few characters, and a large
 * document names each datapoint and component again where it is referenced (a component's
 * `inputs[].datapoint_ids`, an entry's `component_attributions[].component_id`). Each occurrence is
 * replaced, as the items are parsed, by the first equal string read, so that the parsed document
 * holds each id once: about a fifth less memory for a generated graph (docs/scaling.md).
 *
 * Only strings are replaced, each by an equal string: the document reads the same to every
 * reader, and whatever is not where a graph has its ids (a document of another shape, a
 * malformed item) is left as it is.
 *
 * Owns: sharedIds. May import: json-stream.ts (types).
 */
import type { ItemsParsed } from './json-stream';

type Item = Record<string, unknown>;

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A handler of parsed items that makes equal ids one string, and `done` to drop its table once
 * the document is read.
 */
export function sharedIds(): { readonly itemsParsed: ItemsParsed; done(): void } {
  const table = new Map<string, string>();
  const shared = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const first = table.get(value);
    if (first !== undefined) return first;
    table.set(value, value);
    return value;
  };
  const share = (item: Item, key: string): void => {
    if (typeof item[key] === 'string') item[key] = shared(item[key]);
  };
  const byCollection: Readonly<Record<string, (item: Item) => void>> = {
    datapoints: (item) => share(item, 'id'),
    components: (item) => {
      share(item, 'id');
      if (!Array.isArray(item.inputs)) return;
      for (const input of item.inputs) {
        const ids: unknown = isItem(input) ? input.datapoint_ids : undefined;
        if (Array.isArray(ids)) for (let k = 0; k < ids.length; k++) ids[k] = shared(ids[k]);
      }
    },
    ghg_entries: (item) => {
      if (!Array.isArray(item.component_attributions)) return;
      for (const attribution of item.component_attributions) if (isItem(attribution)) share(attribution, 'component_id');
    },
  };
  return {
    itemsParsed: (key, items) => {
      const each = Object.hasOwn(byCollection, key) ? byCollection[key] : undefined;
      if (each === undefined) return;
      for (const item of items) if (isItem(item)) each(item);
    },
    done: () => table.clear(),
  };
}
