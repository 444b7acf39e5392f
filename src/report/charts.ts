/**
 * The report's charts as Vega-Lite specifications: the waterfall, the uncertainty budget, the
 * sensitivity tornado, the Monte Carlo histogram with the first-order normal, and a statement's
 * entries. Each chart names its main mark layer and says how many marks its data calls for, so a
 * test can count them in the rendered SVG.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { GhgStatementEntryTotal } from '../accounting';
import type { BudgetFigure, MonteCarloFigures, TornadoFigures, WaterfallStep } from './figures';
import { formatNumber, formatPercent, formatQuantity, uniqueLabels } from './format';

/** A chart to render: its specification and the marks its data calls for. */
export interface Chart {
  /** The chart's id in the page (`data-chart`). */
  readonly id: string;
  /** A sentence describing the chart (its accessible label). */
  readonly description: string;
  readonly spec: TopLevelSpec;
  /** The name of the layer whose marks stand for the data (`<name>_marks` in the SVG). */
  readonly markName: string;
  /** How many marks of that layer the data calls for. */
  readonly marks: number;
}

const STEP_CATEGORY = 'discount, rounding, buffer pool';

const TYPE_COLOURS: Readonly<Record<string, string>> = {
  SEQUESTRATION: '#2e7d32',
  REDUCTION: '#00897b',
  ADJUSTMENT: '#757575',
  ACTIVITY: '#ef6c00',
  COUNTERFACTUAL: '#8e24aa',
  LOSS: '#c62828',
  UNCERTAINTY_DISCOUNT: '#6d4c41',
  total: '#1f3b73',
  [STEP_CATEGORY]: '#9e9e9e',
};

const labelled = (label: string): string => (label.length > 48 ? `${label.slice(0, 46)}…` : label);

/** The waterfall from the components to the supplier's credits. */
export function waterfallChart(steps: readonly WaterfallStep[]): Chart {
  const labels = uniqueLabels(
    steps,
    (s) => labelled(s.label),
    (s) => s.component_id ?? s.kind,
  );
  const values = steps.map((s, i) => ({
    label: labels[i],
    category: s.kind === 'component' ? (s.type as string) : s.kind === 'total' ? 'total' : STEP_CATEGORY,
    start: s.start_kg,
    end: s.end_kg,
    top: Math.max(s.start_kg, s.end_kg),
    text: formatNumber(s.amount_kg, { signed: s.kind !== 'total', digits: 1 }),
  }));
  const categories = [...new Set(values.map((v) => v.category))];
  const x = { field: 'label', type: 'nominal', sort: null, axis: { title: null, labelAngle: -35, labelLimit: 240 } } as const;
  return {
    id: 'waterfall',
    description: 'Waterfall from the signed, attributed components to the net, the discount, the rounding and the credit allocation',
    markName: 'waterfall_bars',
    marks: steps.length,
    spec: {
      width: Math.min(1000, Math.max(560, steps.length * 64)),
      height: 340,
      data: { values },
      layer: [
        {
          name: 'waterfall_bars',
          mark: { type: 'bar', width: { band: 0.7 } },
          encoding: {
            x,
            y: { field: 'start', type: 'quantitative', title: 'kg CO2e', axis: { format: ',.0f' } },
            y2: { field: 'end' },
            color: {
              field: 'category',
              type: 'nominal',
              title: null,
              scale: { domain: categories, range: categories.map((c) => TYPE_COLOURS[c] ?? '#555') },
            },
          },
        },
        {
          mark: { type: 'text', dy: -6, fontSize: 10, color: '#222' },
          encoding: { x, y: { field: 'top', type: 'quantitative' }, text: { field: 'text' } },
        },
      ],
    } as TopLevelSpec,
  };
}

/** The uncertainty budget: one bar per datapoint, its share of the variance. */
export function budgetChart(budget: readonly BudgetFigure[]): Chart {
  const names = uniqueLabels(
    budget,
    (b) => labelled(b.display_name ?? b.datapoint_id),
    (b) => b.datapoint_id,
  );
  const values = budget.map((b, i) => ({
    label: names[i],
    share: b.variance_share,
    text: `${formatPercent(b.variance_share)} · ${formatQuantity(b.magnitude, b.unit, b.standard_deviation)}`,
  }));
  const y = { field: 'label', type: 'nominal', sort: null, axis: { title: null, labelLimit: 380 } } as const;
  return {
    id: 'budget',
    description: 'Uncertainty budget: the datapoints with the largest shares of the variance, with their values and standard deviations',
    markName: 'budget_bars',
    marks: budget.length,
    spec: {
      width: 380,
      height: { step: 22 },
      data: { values },
      layer: [
        {
          name: 'budget_bars',
          mark: { type: 'bar', color: '#1f3b73' },
          encoding: {
            y,
            x: { field: 'share', type: 'quantitative', title: 'share of the variance', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 4, fontSize: 10, color: '#222' },
          encoding: { y, x: { field: 'share', type: 'quantitative' }, text: { field: 'text' } },
        },
      ],
    } as TopLevelSpec,
  };
}

/** The sensitivity tornado: the net with each datapoint moved down and up. */
export function tornadoChart(tornado: TornadoFigures): Chart {
  const percent = `${Math.round(tornado.variation * 100)} %`;
  const unjustified = new Set(tornado.unjustified_datapoint_ids);
  const names = uniqueLabels(
    tornado.datapoints,
    (d) => labelled(d.display_name ?? d.datapoint_id),
    (d) => d.datapoint_id,
  );
  const values = tornado.datapoints.flatMap((d, i) => {
    const mark = unjustified.has(d.datapoint_id) ? '⚠ ' : d.sensitive ? '● ' : '';
    const label = `${mark}${names[i]}`;
    return [
      { label, move: `−${percent}`, net: d.net_kg_decreased, sensitive: d.sensitive },
      { label, move: `+${percent}`, net: d.net_kg_increased, sensitive: d.sensitive },
    ].filter((row) => row.net !== null);
  });
  const y = { field: 'label', type: 'nominal', sort: null, axis: { title: null, labelLimit: 320 } } as const;
  return {
    id: 'tornado',
    description: `Sensitivity tornado: the net with each datapoint moved by −${percent} and +${percent}`,
    markName: 'tornado_bars',
    marks: values.length,
    spec: {
      width: 420,
      height: { step: 22 },
      layer: [
        {
          name: 'tornado_bars',
          data: { values },
          mark: { type: 'bar', height: { band: 0.7 } },
          encoding: {
            y,
            x: { field: 'net', type: 'quantitative', title: 'net, kg CO2e', scale: { zero: false }, axis: { format: ',.0f' } },
            x2: { datum: tornado.co2e_net_kg },
            color: {
              field: 'move',
              type: 'nominal',
              title: 'datapoint moved by',
              scale: { domain: [`−${percent}`, `+${percent}`], range: ['#c62828', '#2e7d32'] },
            },
            opacity: { condition: { test: 'datum.sensitive', value: 1 }, value: 0.4 },
          },
        },
        {
          data: { values: [{ net: tornado.co2e_net_kg }] },
          mark: { type: 'rule', color: '#222' },
          encoding: { x: { field: 'net', type: 'quantitative' } },
        },
      ],
    } as TopLevelSpec,
  };
}

/** The simulated distribution of the net with the first-order normal and both 16th percentiles. */
export function monteCarloChart(mc: MonteCarloFigures): Chart | null {
  const histogram = mc.histogram;
  if (histogram === undefined) return null;
  const bins = histogram.counts.map((count, i) => ({
    from: histogram.start_kg + i * histogram.bin_width_kg,
    to: histogram.start_kg + (i + 1) * histogram.bin_width_kg,
    count,
  }));
  const sd = mc.normal_standard_deviation_kg;
  const end = histogram.start_kg + histogram.counts.length * histogram.bin_width_kg;
  const x = { type: 'quantitative', title: 'net without discount, kg CO2e', scale: { zero: false }, axis: { format: ',.0f' } } as const;
  const markers = [
    {
      at: mc.normal_percentile_16_kg,
      label: `first-order 16th percentile (net after discount): ${formatNumber(mc.normal_percentile_16_kg)} kg`,
    },
    { at: mc.percentile_16_kg, label: `simulated 16th percentile: ${formatNumber(mc.percentile_16_kg)} kg` },
    // The Monte Carlo discount's percentile, when it is another one.
    ...(mc.percentile === 16
      ? []
      : [
          {
            at: mc.percentile_kg,
            label: `simulated ${formatNumber(mc.percentile)}th percentile (Monte Carlo discount): ${formatNumber(mc.percentile_kg)} kg`,
          },
        ]),
  ];
  const layers: object[] = [
    {
      name: 'histogram_bars',
      data: { values: bins },
      mark: { type: 'bar', color: '#9fb3d9', stroke: 'white', strokeWidth: 0.5 },
      encoding: {
        x: { ...x, field: 'from', bin: 'binned' },
        x2: { field: 'to' },
        y: { field: 'count', type: 'quantitative', title: 'samples' },
      },
    },
  ];
  if (sd !== null && sd > 0 && histogram.bin_width_kg > 0) {
    const step = (end - histogram.start_kg) / 200;
    layers.push({
      name: 'normal_curve',
      data: { sequence: { start: histogram.start_kg, stop: end + step / 2, step, as: 'x' } },
      transform: [
        { calculate: `densityNormal(datum.x, ${mc.normal_mean_kg}, ${sd}) * ${mc.samples * histogram.bin_width_kg}`, as: 'expected' },
      ],
      mark: { type: 'line', color: '#1f3b73', strokeWidth: 2 },
      encoding: { x: { ...x, field: 'x' }, y: { field: 'expected', type: 'quantitative' } },
    });
  }
  layers.push({
    name: 'percentile_rules',
    data: { values: markers },
    mark: { type: 'rule', strokeWidth: 2 },
    encoding: {
      x: { ...x, field: 'at' },
      color: {
        field: 'label',
        type: 'nominal',
        title: null,
        scale: { domain: markers.map((m) => m.label), range: ['#c62828', '#ef6c00'] },
        legend: { direction: 'vertical' },
      },
      strokeDash: {
        field: 'label',
        type: 'nominal',
        scale: {
          domain: markers.map((m) => m.label),
          range: [
            [7, 3],
            [2, 2],
          ],
        },
      },
    },
  });
  return {
    id: 'monte-carlo',
    description: 'Simulated distribution of the net without discount, with the first-order normal and both 16th percentiles',
    markName: 'histogram_bars',
    marks: bins.length,
    spec: { width: 620, height: 260, layer: layers } as TopLevelSpec,
  };
}

const PART_COLOURS: Readonly<Record<string, string>> = {
  supplier: '#2e7d32',
  'buffer pool': '#9e9e9e',
  'issuable (no risk of reversal)': '#1f3b73',
};

/** A statement's entries: issuable credits per entry split into supplier and buffer pool, or a histogram of the entries' nets. */
export function entriesChart(entries: readonly GhgStatementEntryTotal[], perEntry: boolean): Chart {
  if (!perEntry) {
    return {
      id: 'entries',
      description: 'Distribution of the entries’ nets after discount',
      markName: 'entries_histogram',
      marks: -1,
      spec: {
        width: 620,
        height: 240,
        data: { values: entries.map((e) => ({ net: e.co2e_net_removed_kg })) },
        layer: [
          {
            name: 'entries_histogram',
            mark: { type: 'bar', color: '#1f3b73' },
            encoding: {
              x: { field: 'net', type: 'quantitative', bin: { maxbins: 40 }, title: 'net after discount per entry, kg CO2e' },
              y: { aggregate: 'count', type: 'quantitative', title: 'entries' },
            },
          },
        ],
      } as TopLevelSpec,
    };
  }
  const rows = entries.flatMap((e) =>
    e.credit_allocation === null
      ? [{ entry: e.ghg_entry_id, part: 'issuable (no risk of reversal)', kg: e.issuable_kg }]
      : [
          { entry: e.ghg_entry_id, part: 'supplier', kg: e.credit_allocation.supplier_allocation_kg },
          { entry: e.ghg_entry_id, part: 'buffer pool', kg: e.credit_allocation.buffer_pool_contribution_kg },
        ],
  );
  const parts = Object.keys(PART_COLOURS).filter((p) => rows.some((r) => r.part === p));
  const y = { field: 'entry', type: 'nominal', sort: null, axis: { title: null, labelLimit: 260 } } as const;
  return {
    id: 'entries',
    description: 'Issuable credits per entry, split between supplier and buffer pool, with each entry’s net after discount',
    markName: 'entries_bars',
    marks: rows.length,
    spec: {
      width: 460,
      height: { step: 24 },
      layer: [
        {
          name: 'entries_bars',
          data: { values: rows },
          mark: { type: 'bar', height: { band: 0.7 } },
          encoding: {
            y,
            x: { field: 'kg', type: 'quantitative', stack: 'zero', title: 'kg CO2e', axis: { format: ',.0f' } },
            color: { field: 'part', type: 'nominal', title: null, scale: { domain: parts, range: parts.map((p) => PART_COLOURS[p]) } },
          },
        },
        {
          data: { values: entries.map((e) => ({ entry: e.ghg_entry_id, net: e.co2e_net_removed_kg })) },
          mark: { type: 'tick', color: '#c62828', thickness: 2 },
          encoding: { y, x: { field: 'net', type: 'quantitative' } },
        },
      ],
    } as TopLevelSpec,
  };
}
