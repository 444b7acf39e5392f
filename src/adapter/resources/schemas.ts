/**
 * Every resource's schemas in one namespace: the OpenAPI document names its component schemas
 * from these exports and the model's (openapi.ts). A resource's own modules import its
 * `<resource>/schemas.ts` directly.
 */
export * from './credit-ledger/schemas';
export * from './registry-parties/schemas';
export * from './stripe/schemas';
export * from './feedstock/schemas';
export * from './measurements/schemas';
export * from './monitoring/schemas';
export * from './storage/schemas';
