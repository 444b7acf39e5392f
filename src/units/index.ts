/**
 * units: physical dimensions, the dimension of each quantity kind, unit strings (mathjs plus the
 * service's own names), conversion of magnitudes and standard deviations to SI.
 * May import: model, mathjs.
 */
export * from './dimension';
export * from './quantity-kind-dimensions';
export { isUnitError, UnitError, YEAR_IN_DAYS, type ParsedUnit } from './unit-parser';
export * from './units';
