/**
 * Entry point `cdr-engine/report`: the HTML calculation report with its charts (issue 19; the
 * report branch fills this list).
 *
 * @packageDocumentation
 */
export {};
