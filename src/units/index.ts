/**
 * units: physical dimensions, the dimension of each quantity kind, unit strings read as Pint reads
 * them (Pint's unit table told to mathjs, the service's own names, the departures from Pint in one
 * table), conversion of magnitudes and standard deviations to SI.
 * May import: model, mathjs.
 */
export * from './dimension';
export * from './quantity-kind-dimensions';
export { isUnitError, UnitError, YEAR_IN_DAYS, type ParsedUnit } from './unit-parser';
export * from './units';
export { unitsOfKind } from './units-of-kind';
export { UNIT_DEPARTURES, type UnitDeparture, type UnitDepartureKind } from './departures';
export {
  isWithinPhysicalBounds,
  type MagnitudeRange,
  type PhysicalBounds,
  QUANTITY_KIND_PHYSICAL_BOUNDS,
  realisticRange,
  realisticRangeReason,
  realisticRangeSI,
} from './quantity-kind-ranges';
