/**
 * testing/mutations: arbitraries that damage a valid document in one place, the way people do (a
 * misspelled key, a wrong unit), and say where and which issue code the engine must answer, for
 * negative tests.
 * May import: arbitraries (its sibling), units, model, fast-check.
 */
export { type DocumentMutation, misspelled, wrongUnit } from './mutations';
