/**
 * JSON output of the CLI, written piece by piece: the same bytes as `JSON.stringify(value, null, 2)`
 * followed by a newline, but each element of a top-level array is serialised on its own, so a
 * result of 100,000s of entries never becomes one string of 100s of MB.
 */

/** Flush to the writer once this many characters are pending. */
const CHUNK = 1 << 16;

/**
 * Writes `value` (an object) as indented JSON through `write`, in chunks of about 64 KB. Values the
 * JSON format drops (undefined, functions, symbols) are dropped as `JSON.stringify` drops them.
 */
export function writeJson(value: object, write: (text: string) => void): void {
  let pending = '';
  const emit = (text: string): void => {
    pending += text;
    if (pending.length >= CHUNK) {
      write(pending);
      pending = '';
    }
  };
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => isJsonValue(record[key]));
  if (keys.length === 0) {
    write('{}\n');
    return;
  }
  emit('{\n');
  keys.forEach((key, i) => {
    const item = record[key];
    emit(`  ${JSON.stringify(key)}: `);
    if (Array.isArray(item) && item.length > 0) {
      emit('[\n');
      item.forEach((element: unknown, j) => {
        // An array element that JSON cannot hold is written as null, as JSON.stringify does.
        emit(`    ${indent(JSON.stringify(element, null, 2) ?? 'null', '    ')}${j < item.length - 1 ? ',' : ''}\n`);
      });
      emit('  ]');
    } else {
      emit(indent(JSON.stringify(item, null, 2) as string, '  '));
    }
    emit(i < keys.length - 1 ? ',\n' : '\n');
  });
  emit('}\n');
  write(pending);
}

function isJsonValue(item: unknown): boolean {
  return item !== undefined && typeof item !== 'function' && typeof item !== 'symbol';
}

/** Indents every line but the first; JSON strings hold no raw newline, so every newline is a line break. */
function indent(json: string, prefix: string): string {
  return json.replace(/\n/g, `\n${prefix}`);
}
