/**
 * Reads an export as the import's first pass does (scanExport), in a process
 * of its own so its peak memory is its own: prints one JSON line with the
 * items read, the time and the peak resident memory. Run by import-part.ts.
 */
import { scanExport } from '../../content/import/scan.ts';

const started = performance.now();
const index = await scanExport(process.argv[2]!);
console.log(
  JSON.stringify({ items: index.items.length, ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
);
