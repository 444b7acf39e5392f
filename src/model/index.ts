/**
 * model: the service's resources and requests as zod schemas (types inferred from them), typed
 * identifiers, the removal graph document, and validation errors in the service's 422 shape.
 * May import: zod only. Imported by every other folder.
 */
export * from './ids';
export * from './issues';
export * from './quantity-kinds';
export * from './graph';
export * from './country-codes';
export * from './shapes';
export * from './resources';
export * from './requests';
export * from './queries';
export * from './validation-error';
