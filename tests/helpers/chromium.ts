/** Debian's Chromium under playwright-core, as the e2e suite and the browser benchmark launch it. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The e2e worker's one Chromium: the files a worker runs take turns, each story opens contexts of its
 * own, so a browser launched for every file only cost its start (0.58 s of CPU, measured over ten,
 * 47 times a run). Launched again if it went away. A file gives it back with `releaseBrowser`.
 */
export async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/** A file is done with the shared browser: whatever it left open closes; the browser stays for the next file. */
export async function releaseBrowser(browser: Browser | undefined) {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close().catch(() => {})));
}
