/**
 * Text widths for the charts' layout. Without a canvas, vega estimates every character at 0.8 em,
 * which truncates labels early and leaves wide margins; vega lets a renderer supply its own
 * measure (`textMetrics.width`), and this one uses the advance widths of Helvetica (Arial and
 * Liberation Sans share them), the font the charts name.
 */

/** Advance widths of the printable ASCII characters (32 to 126), in thousandths of an em. */
const HELVETICA = [
  278,
  278,
  355,
  556,
  556,
  889,
  667,
  191,
  333,
  333,
  389,
  584,
  278,
  333,
  278,
  278, // space to /
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556, // 0 to 9
  278,
  278,
  584,
  584,
  584,
  556,
  1015, // : to @
  667,
  667,
  722,
  722,
  667,
  611,
  778,
  722,
  278,
  500,
  667,
  556,
  833,
  722,
  778,
  667,
  778,
  722,
  667,
  611,
  722,
  667,
  944,
  667,
  667,
  611, // A to Z
  278,
  278,
  278,
  469,
  556,
  333, // [ to `
  556,
  556,
  500,
  556,
  556,
  278,
  556,
  556,
  222,
  222,
  500,
  222,
  833,
  556,
  556,
  556,
  556,
  333,
  500,
  278,
  556,
  500,
  722,
  500,
  500,
  500, // a to z
  334,
  260,
  334,
  584, // { to ~
];
/** Any other character (a minus sign, an ellipsis, a symbol): a wide guess, so labels never overflow. */
const OTHER = 700;

/** The width in pixels of `text` set in Helvetica at `fontSize` px (bold about 7 % wider). */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    units += code >= 32 && code <= 126 ? (HELVETICA[code - 32] as number) : OTHER;
  }
  return (units / 1000) * fontSize * (bold ? 1.07 : 1);
}
