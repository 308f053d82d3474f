// Headless Chromium for the tests: Debian's `chromium` driven by playwright-core (the one module
// that imports it). Without Chromium a suite skips with a printed reason, except in CI, where that
// is a failure (.ci/run installs it).
import { existsSync } from 'node:fs';
import { test } from 'uvu';
import type { Browser } from 'playwright-core';

export const CHROMIUM = process.env.API_SERVE_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Whether the suites of `file` can run: true, or false after printing why not. In CI a missing
 * Chromium registers a failing test instead, so the run cannot pass without it.
 */
export function haveChromium(file: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  const missing = `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (process.env.CI) {
    test(`Chromium is installed (CI renders ${file} in it)`, () => { throw new Error(missing); });
    test.run();
  } else {
    process.stdout.write(`\n  skipped ${file}: ${missing}\n`);
  }
  return false;
}

/** A headless Chromium that reaches nothing on its own (no sync, updates or background traffic). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
