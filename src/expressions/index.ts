/**
 * expressions: blueprint formulas compiled once (locked-down mathjs parser, DAG of expressions,
 * static dimension check) into programs that evaluate a component and its gradient.
 * May import: uncertainty, units, model, mathjs.
 */
export {};
