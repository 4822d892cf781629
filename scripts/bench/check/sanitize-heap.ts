/**
 * One body sanitized as the worker sanitizes it (sanitizeArticleHtml), in a
 * Node process whose heap is capped as a Worker's isolate is (128 MB: run
 * with --max-old-space-size=128). Prints, as JSON, the outcome and the V8
 * heap's size before and after (the heap grows to hold the most the
 * sanitizer had alive at once, and does not shrink at once): a body that
 * needs more kills the process, which the caller reports.
 * Usage: node --max-old-space-size=128 --import tsx scripts/bench/check/sanitize-heap.ts <body file>
 */
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { sanitizeArticleHtml } from '../../../src/content/body/sanitize-html.ts';

const html = readFileSync(process.argv[2]!, 'utf8');
const heapMB = () => getHeapStatistics().total_heap_size / 2 ** 20;
const before = heapMB();
// The refusal is logged on stderr: only the JSON goes to stdout.
console.error = () => {};
const result = sanitizeArticleHtml(html, 'corpo-custoso');
console.log(
  JSON.stringify({
    outcome: 'refused' in result ? `refused (${result.refused})` : `served, ${(result.html.length / 1024).toFixed(0)} KB`,
    heapBeforeMB: before,
    heapAfterMB: heapMB(),
  }),
);
