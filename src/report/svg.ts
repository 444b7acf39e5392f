/**
 * Rendering a Vega-Lite specification to an SVG string with vega's headless view (no DOM, no
 * canvas, no network: every chart's data is inline). vega and vega-lite are imported on the first
 * chart, so nothing else of the package loads them.
 */
import type { TopLevelSpec } from 'vega-lite';
import { textWidth } from './text-width';

/** The look every chart shares: the page's font, quiet axes, no frame. */
const CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  background: 'white',
  view: { stroke: null },
  axis: {
    labelLimit: 320,
    labelFontSize: 11,
    titleFontSize: 11,
    titleFontWeight: 'normal',
    titleColor: '#444',
    labelColor: '#333',
    gridColor: '#e6e6e6',
    domainColor: '#999',
    tickColor: '#999',
  },
  legend: { labelFontSize: 11, titleFontSize: 11, orient: 'bottom', direction: 'horizontal', labelLimit: 420 },
  title: { fontSize: 13 },
} as const;

type Libraries = { readonly vega: typeof import('vega'); readonly vegaLite: typeof import('vega-lite') };
let libraries: Promise<Libraries> | undefined;
type TextItem = { readonly fontSize?: number; readonly fontWeight?: string | number };

/** The command that installs the charting libraries, optional peer dependencies of `cdr-engine/report`. */
export const REPORT_PEERS_INSTALL = 'npm install vega@^6.4.0 vega-lite@^6.4.3';

/** The `code` of the error a report rejects with when vega or vega-lite is not installed. */
export const MISSING_PEERS_CODE = 'ERR_CDR_ENGINE_REPORT_PEERS';

function load(): Promise<Libraries> {
  libraries ??= Promise.all([import('vega'), import('vega-lite')]).then(
    ([vega, vegaLite]) => {
      // vega's hook for a renderer's own text measure (its fallback guesses 0.8 em per character).
      (vega as unknown as { textMetrics: { width: (item: TextItem, text?: string) => number } }).textMetrics.width = (item, text) =>
        textWidth(String(text ?? ''), item.fontSize ?? 11, item.fontWeight === 'bold' || Number(item.fontWeight) >= 600);
      return { vega, vegaLite };
    },
    (error: unknown) => {
      libraries = undefined; // a later report tries again (after an install, say)
      throw missingPeers(error);
    },
  );
  return libraries;
}

/**
 * A consumer that never draws a report does not install the charting libraries (about 25 MB), so
 * their absence is said with the command that installs them; any other failure passes unchanged.
 */
export function missingPeers(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if ((code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') || !/vega/.test(String(message))) return error;
  const text = `cdr-engine/report draws its charts with vega and vega-lite, optional peer dependencies that are not installed: ${REPORT_PEERS_INSTALL}`;
  return Object.assign(new Error(text, { cause: error }), { code: MISSING_PEERS_CODE });
}

/** Compiles a Vega-Lite specification and renders it to SVG markup. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const { vega, vegaLite } = await load();
  const compiled = vegaLite.compile({ ...spec, config: CONFIG } as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    const svg = await view.toSVG();
    // Charts scale with the page: the viewBox keeps proportions, CSS sets the width.
    return svg.replace(/^<svg([^>]*?) width="([\d.]+)" height="([\d.]+)"/, '<svg$1 width="$2" height="$3" role="img"');
  } finally {
    view.finalize();
  }
}
