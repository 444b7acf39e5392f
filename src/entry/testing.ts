/**
 * Entry point `cdr-engine/testing`: fast-check arbitraries and property checks for methodologists
 * (and for people testing the engine itself). `fast-check` is a peer dependency of this entry only.
 *
 * @packageDocumentation
 */
export * from '../testing';
