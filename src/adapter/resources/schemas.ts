/**
 * Every resource's schemas in one namespace: the OpenAPI document names its component schemas
 * from these exports and the model's (openapi.ts). A resource's own modules import its
 * `<resource>/schemas.ts` directly.
 */
export * from './components/schemas';
export * from './credit-ledger/schemas';
export * from './datapoints/schemas';
export * from './feedstock/schemas';
export * from './ghg-statements/schemas';
export * from './measurements/schemas';
export * from './monitoring/schemas';
export * from './projects/schemas';
export * from './registry-parties/schemas';
export * from './removals/schemas';
export * from './sources/schemas';
export * from './storage/schemas';
export * from './stripe/schemas';
