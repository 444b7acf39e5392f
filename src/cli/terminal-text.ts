/**
 * Text from a document written where people read it (docs/cli.md, "Exit codes and messages"): the
 * messages on stderr, the table, the check report, the calculation report. An id, a key or a
 * message from the core quotes what the document wrote, and a control character in it would reach
 * the terminal as is: a line feed forges a line of stderr (`rmv_x' [unknown_datapoint]\ncdr-engine
 * evaluate: ...`), an escape sequence erases a line or colours the table. Each is shown as its JSON
 * string escape instead (`\n`, `\t`, `\u001b`, `\u009b`), as the JSON output writes it; a backslash
 * is left as it is, so that a Windows path reads as written. The one place the CLI escapes.
 * May import: nothing.
 */

/** The control characters: C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F, CSI among them). */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** The short JSON escapes. */
const SHORT: Readonly<Record<string, string>> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };

function escaped(character: string): string {
  return SHORT[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` on one line with every control character escaped (`a\nb` → `a\\nb`). */
export function terminalText(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** A text of several lines, its line feeds kept and every other control character escaped. */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}
