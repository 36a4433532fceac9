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

/**
 * The e2e suite's browser also composites in the browser process, in software: no GPU process, whose
 * work (SwiftShader behind `--disable-gpu`) the stories never look at. On the two-core host, four
 * files' Chromium took 120–123 s of CPU instead of 131–133 s; a whole clean run's e2e step did not
 * move beyond the host's swing (1,063 s, against 987–1,124 s before). The benchmarks keep
 * `CHROMIUM_ARGS`, so their figures stay comparable with earlier runs.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--in-process-gpu', '--disable-gpu-compositing'];

export function launchBrowser(args = CHROMIUM_ARGS): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
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
  workerBrowser = launchBrowser(E2E_CHROMIUM_ARGS);
  return workerBrowser;
}

/** A file is done with the shared browser: whatever it left open closes; the browser stays for the next file. */
export async function releaseBrowser(browser: Browser | undefined) {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close().catch(() => {})));
}
