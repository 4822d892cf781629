import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generatedPosts, writeWxrFile } from '../../../fixtures/wordpress/wxr-fixture.ts';

/**
 * The import's first pass keeps a small summary per item, never the texts:
 * over an export twice the size of the JavaScript heap it is given (whose
 * accented text would take four times the heap as JavaScript strings), it finishes. A
 * summary holding a piece of the parser's text would keep whole chunks alive
 * (V8's sliced strings) and run out of memory here.
 */
const root = mkdtempSync(join(tmpdir(), 'scan-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('reads an export twice the size of its heap', () => {
  const path = join(root, 'export.xml');
  writeWxrFile(path, { items: generatedPosts(20_000, { paragraphs: 10 }) });
  const megabytes = statSync(path).size / 1024 / 1024;
  // Room enough for the summaries and the parser's work whatever the garbage collector's timing; far too little for the text.
  const heap = 48;
  expect(megabytes).toBeGreaterThan(2 * heap);
  const result = spawnSync(
    process.execPath,
    [`--max-old-space-size=${heap}`, '--import', 'tsx', 'scripts/bench/import/read-export.ts', path],
    {
      encoding: 'utf8',
    },
  );
  expect(result.status, result.stderr.slice(-500)).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ items: 20_000 });
});
