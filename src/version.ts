/**
 * The package version, kept in step with package.json by a test.
 * @public
 */
export const VERSION = '0.1.0';
