/**
 * cdr-engine: calculation and validation engine for carbon dioxide removal MRV and its registry.
 *
 * @packageDocumentation
 */
export * from './version';
export * from './model';
export * from './units';
export * from './uncertainty';
export * from './expressions';
export * from './accounting';
export * from './registry';
export * from './adapter';
