/**
 * testing/arbitraries: fast-check arbitraries that users compose in their own tests: quantities of
 * a quantity kind in any accepted unit, distributions, datapoints and components on a
 * methodologist's blueprints, whole graph documents (`graphOf`, with sample sets) and random
 * blueprints for testing the engine itself; the options of the generated graphs and their checks;
 * and the reading and rewriting of generated documents that the checks above build on.
 * The lowest folder of testing: it imports none of its siblings.
 * May import: model, units, uncertainty, accounting (graph-reading's types), fast-check.
 */
export { DEFAULT_RELATIVE_STANDARD_DEVIATION, type MagnitudeRange, realisticRange, type RelativeRange } from './ranges';
export { type GraphQuantityValue, type QuantityOptions, quantityOf, type StandardDeviationPresence } from './quantity';
export {
  type BlueprintDefinition,
  type BlueprintInputDefinition,
  componentOf,
  type ComponentOptions,
  type DatapointOptions,
  datapointFor,
  type GeneratedComponent,
  type InputQuantityOptions,
  type LengthRange,
} from './component';
export { graphOf, type GraphOptions } from './graph';
export { distributionOf } from './distribution';
export { randomBlueprint, type RandomBlueprintOptions } from './random-blueprint';
