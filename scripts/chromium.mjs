/**
 * Debian's Chromium driven by playwright-core, for the browser test and the screenshots of the
 * example reports. Never downloads a browser: the executable is /usr/bin/chromium (see
 * scripts/ensure-chromium.sh), started headless with a fresh profile and every background
 * service that could reach the network turned off.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Chromium with a fresh user-data-dir; `close()` stops it and removes the profile. */
export async function launchChromium() {
  const profile = await mkdtemp(join(tmpdir(), 'cdr-engine-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1200, height: 900 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
