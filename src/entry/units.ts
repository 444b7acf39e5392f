/**
 * Entry point `cdr-engine/units`: unit parsing, quantity kinds and their dimensions, conversion to
 * SI. Loads the units module only.
 *
 * @packageDocumentation
 */
export * from '../units';
export { QUANTITY_KINDS, type QuantityKind } from '../model/quantity-kinds';
