/**
 * uncertainty: sparse sensitivities keyed by datapoint, merged so a reused datapoint is one
 * variable; first-order (GUM) variance propagation, uncertainty budgets, Monte Carlo sampling.
 * May import: model.
 */
export {};
