// vega and vega-lite are optional peer dependencies of cdr-engine/report (issue 27): a consumer
// without them is told which command installs them, and that command matches package.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MISSING_PEERS_CODE, missingPeers, REPORT_PEERS_INSTALL } from '../../src/report/svg';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

describe('the charting libraries', () => {
  it('are optional peers (and devDependencies for the repository), not dependencies', () => {
    for (const name of ['vega', 'vega-lite']) {
      expect(manifest.dependencies[name]).toBeUndefined();
      expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(manifest.devDependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('are installed by the command the message names, with the peer ranges of package.json', () => {
    expect(REPORT_PEERS_INSTALL).toBe(
      `npm install vega@${manifest.peerDependencies.vega} vega-lite@${manifest.peerDependencies['vega-lite']}`,
    );
  });

  it('when missing, make a report fail with that command; other failures pass unchanged', () => {
    for (const code of ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']) {
      const error = missingPeers(
        Object.assign(new Error("Cannot find package 'vega-lite' imported from /p/dist/report.js"), { code }),
      ) as Error & { code: string };
      expect(error.code).toBe(MISSING_PEERS_CODE);
      expect(error.message).toBe(
        `cdr-engine/report draws its charts with vega and vega-lite, optional peer dependencies that are not installed: ${REPORT_PEERS_INSTALL}`,
      );
    }
    const other = Object.assign(new Error("Cannot find package 'd3-array'"), { code: 'ERR_MODULE_NOT_FOUND' });
    expect(missingPeers(other)).toBe(other);
    const failure = new TypeError('x');
    expect(missingPeers(failure)).toBe(failure);
  });
});
