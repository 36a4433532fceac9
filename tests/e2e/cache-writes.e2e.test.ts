/**
 * A change made offline reaches the device's disk on its own, without the page being left: Rita
 * writes messages on a request with no network, on a quiet page and on a busy one (30 ms of work every
 * 40 ms, as a list rendering or a pull being applied), and after each one the app writes its cache
 * (Replicache's "persisted" broadcast to other tabs follows every send). The story prints how long
 * each took, with the load average: a figure, not a check (client/lib/cache-writes.ts).
 */
import { loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEMO, e2eSuite, expectNoPageErrors, goOnline, openPageWithServiceWorker } from '../helpers/browser';
import { requestDetail, requestsListOffline, thread } from './pages/requests';

const e2e = e2eSuite();
const MESSAGES_EACH = 3;

describe('changes written to the device', () => {
  it('writes each message sent offline to the cache on disk, on a quiet page and on a busy one', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await openPageWithServiceWorker(e2e.browser, e2e.server);
    try {
      await requestsListOffline(page, e2e.server, DEMO.maple.resident2);
      await requestDetail(page).open('Add a backyard fence');
      await requestDetail(page).messagesLink.click();
      // The page's own clock: each send's click, each write's broadcast.
      await page.evaluate(async () => {
        const names = (await indexedDB.databases()).flatMap(({ name }) => (name?.startsWith('rep:') ? [name.split(':')[1]] : []));
        const seen = { sends: [] as number[], writes: [] as number[] };
        Object.assign(window, { seen });
        for (const name of names) new BroadcastChannel(`replicache-on-persist:${name}`).onmessage = () => seen.writes.push(performance.now());
        document.addEventListener('click', (e) => (e.target as Element).closest('button')?.textContent?.includes('Send Message') && seen.sends.push(performance.now()), true);
      });
      const t = thread(page);
      const figures: string[] = [];
      for (const busy of [false, true]) {
        if (busy) await page.evaluate(() => Object.assign(window, { busy: setInterval(() => { for (const end = performance.now() + 30; performance.now() < end; ); }, 40) }));
        for (let i = 0; i < MESSAGES_EACH; i++) {
          const text = `Fence note ${busy ? 'B' : 'A'}${i}: the post by the gate leans.`;
          await t.write(text);
          await t.messages.getByText(text).waitFor();
        }
        if (busy) await page.evaluate(() => clearInterval((window as unknown as { busy: number }).busy));
        const seen = () => page.evaluate(() => (window as unknown as { seen: { sends: number[]; writes: number[] } }).seen);
        // Every send of this round is followed by a write of the cache.
        await expect.poll(async () => { const s = await seen(); return s.writes.some((w) => w > s.sends.at(-1)!); }).toBe(true);
        const { sends, writes } = await seen();
        const latencies = sends.slice(-MESSAGES_EACH).map((sent) => writes.find((w) => w > sent)! - sent);
        figures.push(`${busy ? 'busy' : 'quiet'} page ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      }
      console.log(`send to cache on disk: ${figures.join('; ')}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      expectNoPageErrors(errors);
    } finally {
      await goOnline(context, e2e.server);
      await context.close();
    }
  });
});
