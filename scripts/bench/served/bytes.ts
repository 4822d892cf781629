import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PAGE_STYLESHEETS } from '../../../src/site/page-stylesheets.ts';
import { BENCH_DIST } from '../common/dist-snapshot.ts';
import { ARTICLE, out, TOOL_RESULTS, table } from '../common/report.ts';

/** Part 4: bytes (gzip) of HTML, CSS and JS, first visit and returning reader. */
export async function bytes(
  base: string,
  manifest: Record<string, { file: string; dynamicImports?: string[]; inline?: string }>,
): Promise<void> {
  const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).byteLength;
  const file = (key: string) => readFileSync(`${BENCH_DIST}/${manifest[key]!.file}`);
  const boot = gz(file('client/boot.ts'));
  const island = (manifest['client/boot.ts']!.dynamicImports ?? []).reduce((sum, key) => sum + gz(file(key)), 0);
  // An inlined stylesheet (vite.config.ts) is in its pages' HTML, never fetched on its own.
  const rows: string[][] = [];
  // The tools beside the home and the article: each tool's result is a page of its own (docs/product.md).
  const pages = [
    ['home', '/', 'home'],
    ['article', ARTICLE, 'article'],
    ...TOOL_RESULTS.map(([page, path]) => [page, path, 'tool'] as const),
  ] as const;
  for (const [page, path, kind] of pages) {
    const stylesheet = manifest[PAGE_STYLESHEETS[kind]]!;
    const inlined = stylesheet.inline !== undefined;
    const css = inlined ? 0 : gz(file(PAGE_STYLESHEETS[kind]));
    const cssCell = (text: string) => (inlined ? `in the HTML (${gz(stylesheet.inline!)} on its own)` : text);
    const html = gz(await (await fetch(`${base}${path}`)).text());
    // React (the island) arrives only when the reader reaches for the banner (client/consent/first-reach.ts).
    rows.push([page, 'first visit, before any interaction', String(html), cssCell(String(css)), String(boot), String(html + css + boot)]);
    rows.push([
      page,
      'first visit, once the reader reaches for the banner',
      String(html),
      cssCell(String(css)),
      `${boot + island} (+${island}, the island with React)`,
      String(html + css + boot + island),
    ]);
    rows.push([page, 'returning reader', String(html), cssCell('0 (cached)'), '0 (cached)', String(html)]);
    rows.push([
      page,
      'new page, choice stored',
      String(html),
      cssCell('0 (cached)'),
      `${boot} (boot only, if not cached)`,
      String(html + boot),
    ]);
  }
  out('### Bytes (gzip -9)');
  out('Images are not counted. A returning reader has the hashed files cached (immutable); each kind of page carries its own stylesheet.');
  out();
  table(['page', 'visit', 'HTML', 'CSS', 'JS', 'total'], rows);
}
