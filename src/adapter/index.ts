/**
 * adapter: the in-memory service, a request -> response function (`createSandbox().handle`) with
 * authentication, visibility, pagination and the service's error shapes. No HTTP framework.
 * May import: registry, accounting, expressions, uncertainty, units, model.
 */
export {};
