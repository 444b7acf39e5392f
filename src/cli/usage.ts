/**
 * The usage line of every command, apart from the command modules so that help is printed without
 * loading them (commands.ts) and the modules print the same text on a usage error.
 */

/** `cdr-engine evaluate` */
export const EVALUATE_USAGE =
  'usage: cdr-engine evaluate [graph.json | -] [--format json|table|ndjson] [--entries N|all] [--discount first-order|monte-carlo] [--percentile P] [--samples N | --tolerance KG] [--seed S] [--threads N|auto] [--expressions] [--strict-warnings]   (--entries: entries the table shows in detail, default 10; --samples, --tolerance or --seed add the Monte Carlo summary, adaptive draws by default; --threads: worker threads of the Monte Carlo run, auto one per 32 entries up to the cores, same figures whatever the number; --expressions: each component item lists the values of its expressions in SI, json and ndjson only; warnings go to stderr, --strict-warnings makes any exit 1)';
/** `cdr-engine explain` */
export const EXPLAIN_USAGE =
  'usage: cdr-engine explain <graph.json | -> <GHG entry id> [--discount first-order|monte-carlo] [--percentile P] [--samples N | --tolerance KG] [--seed S] [--strict-warnings]';
/** `cdr-engine serve` */
export const SERVE_USAGE =
  'usage: cdr-engine serve [--port N] [--world world.json] [--state DIR]   (port 0 picks a free port; default 8080; --state keeps every accepted write in DIR across restarts)';
/** `cdr-engine check` */
export const CHECK_USAGE =
  'usage: cdr-engine check <methodology.json | -> [--runs N] [--seed S] [--format text|json] [--save DIR]   (default 100 runs, at most 10000000, seed 1, text; --save writes each counterexample to DIR as a graph document)';
/** `cdr-engine schema` */
export const SCHEMA_USAGE =
  'usage: cdr-engine schema   (prints the JSON Schema of the graph document; the package ships it as cdr-engine/graph.schema.json)';
/** `cdr-engine report` */
export const REPORT_USAGE =
  'usage: cdr-engine report <graph.json | -> [--entry ID | --statement ID] [--out report.html] [--monte-carlo N] [--discount first-order|monte-carlo] [--percentile P] [--samples N | --tolerance KG] [--seed S] [--strict-warnings]   (HTML to standard output without --out; a document of one entry needs no --entry; --monte-carlo N is --samples N)';
