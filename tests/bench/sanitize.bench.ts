/**
 * Rich-text sanitising: `npx tsx tests/bench/sanitize.bench.ts`, part of `npm run bench`. For each
 * hostile shape of tests/helpers/hostile-rich-text.ts (100,000 characters, the length limit), the
 * field's check (`richTextField`: length, nesting depth, visible text) and the sanitiser
 * (worker/services/sanitize.ts), each run BENCH_SANITIZE_RUNS times (25) after one unmeasured run:
 * min, median and max, the check's answer, and the machine's load average. The goal is 20 ms
 * at most. BENCH_SANITIZE_OLD=1 adds sanitize-html as the app used it before (3 runs: it took
 * seconds on some shapes). Then the plain-text reader (`richTextToPlain`, `isRichTextEmpty`,
 * `previewText`) on a megabyte of tag starts, which the unit test only bounds generously. Asserts nothing.
 */
import { loadavg } from 'node:os';
import { isRichTextEmpty, previewText, richTextField, richTextToPlain } from '../../schema/rich-text';
import { sanitizeRichText } from '../../worker/services/sanitize';
import { HOSTILE_RICH_TEXT, MEGABYTE_OF_TAG_STARTS, RICH_TEXT_LIMIT, sanitizeHtmlAsBefore } from '../helpers/hostile-rich-text';
import { median } from './stats';

const RUNS = Number(process.env.BENCH_SANITIZE_RUNS ?? 25);
const OLD = process.env.BENCH_SANITIZE_OLD === '1';

const field = richTextField({ required: 'required', tooLong: 'too long' }, RICH_TEXT_LIMIT);

function times(runs: number, work: () => unknown): number[] {
  work();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    out.push(performance.now() - started);
  }
  return out;
}

const figures = (xs: number[]) => `${Math.min(...xs).toFixed(2).padStart(7)} ${median(xs).toFixed(2).padStart(7)} ${Math.max(...xs).toFixed(2).padStart(7)}`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

console.log(`Rich-text sanitising at the length limit (${RICH_TEXT_LIMIT} characters), ${RUNS} runs each; load average ${load()}`);
console.log(`  ${'check ms: min  median     max'}   ${'sanitise ms: min  median     max'}${OLD ? '   sanitize-html ms: min median max' : ''}  shape: answer`);
let worst = 0;
for (const [shape, html] of Object.entries(HOSTILE_RICH_TEXT)) {
  const check = times(RUNS, () => field.safeParse(html));
  const sanitise = times(RUNS, () => sanitizeRichText(html));
  const old = OLD ? `   ${figures(times(3, () => sanitizeHtmlAsBefore(html)))}` : '';
  const parsed = field.safeParse(html);
  const answer = parsed.success ? 'accepted' : parsed.error.issues[0].message;
  worst = Math.max(worst, median(check) + median(sanitise));
  console.log(`  ${figures(check)}        ${figures(sanitise)}${old}   ${shape}: ${answer}`);
}
console.log(`  slowest shape (check + sanitise, medians): ${worst.toFixed(2)} ms; load average at the end ${load()}`);

console.log(`\nPlain text of a megabyte of tag starts (richTextToPlain + isRichTextEmpty + previewText), ${RUNS} runs each; load average ${load()}`);
console.log(`  ${'ms: min  median     max'}  shape`);
for (const [shape, html] of Object.entries(MEGABYTE_OF_TAG_STARTS)) {
  const read = times(RUNS, () => {
    richTextToPlain(html);
    isRichTextEmpty(html);
    previewText(html);
  });
  console.log(`  ${figures(read)}  ${shape} (${html.length} chars)`);
}
