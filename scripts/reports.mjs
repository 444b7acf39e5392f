#!/usr/bin/env node
/**
 * Regenerates examples/reports/: the HTML report of every entry (with a 20,000-sample Monte Carlo
 * check) and every statement of each bundled graph document (examples/*.json), written by the built CLI
 * exactly as a user runs it, and a full-page screenshot of each in examples/reports/screenshots/
 * (Debian's Chromium, see scripts/chromium.mjs). Run with `npm run reports` (builds first).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';

const OUT = 'examples/reports';
const SHOTS = join(OUT, 'screenshots');
const SAMPLES = '20000';

rmSync(OUT, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const written = [];
for (const file of readdirSync('examples')
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const path = join('examples', file);
  const document = JSON.parse(readFileSync(path, 'utf8'));
  const example = file.replace(/\.json$/, '');
  // Graph documents only: a methodology file (examples/*.methodology.json) has no entries.
  const targets = [
    ...(document.ghg_entries ?? []).map((e) => ['--entry', e.id, '--monte-carlo', SAMPLES]),
    ...(document.ghg_statements ?? []).map((s) => ['--statement', s.id]),
  ];
  for (const target of targets) {
    const out = join(OUT, `${example}.${target[1]}.html`);
    execFileSync(process.execPath, ['bin/cdr-engine.js', 'report', path, ...target, '--out', out], { stdio: 'inherit' });
    written.push(out);
  }
}

const browser = await launchChromium();
try {
  for (const html of written) {
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(resolve(html)).href, { waitUntil: 'load' });
    const png = join(SHOTS, html.slice(OUT.length + 1).replace(/\.html$/, '.png'));
    await page.screenshot({ path: png, fullPage: true });
    await page.close();
    console.log(`screenshot ${png}`);
  }
} finally {
  await browser.close();
}
