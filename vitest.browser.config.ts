import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The browser test (npm run test:browser): reports opened in Debian's Chromium. Not part of npm
// test; same resolution of 'cdr-engine' and its entries as the unit tests.
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['test/browser/**/*.browser.ts'], testTimeout: 120_000, hookTimeout: 300_000, pool: 'forks' },
});
