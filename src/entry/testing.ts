/**
 * Entry point `cdr-engine/testing`: fast-check arbitraries and property checks for methodologists.
 * `fast-check` is a peer dependency of this entry only.
 *
 * @packageDocumentation
 */
export {};
