import { describe, expect, it } from 'vitest';
import { COSTS_OF_BUYING, RENT_OR_BUY_30_YEARS, SIMULATION_30_YEARS } from '../../../scripts/lib/tool-results';
import { bundledNews, fetchPath } from '../helpers';

async function gzipSize(response: Response): Promise<number> {
  const compressed = response.body!.pipeThrough(new CompressionStream('gzip'));
  return (await new Response(compressed).arrayBuffer()).byteLength;
}

/** The bytes of a response's status line and headers, as HTTP/1.1 sends them. */
function headerBytes(response: Response): number {
  let bytes = `HTTP/1.1 ${response.status} OK\r\n\r\n`.length;
  for (const [name, value] of response.headers) bytes += `${name}: ${value}\r\n`.length;
  return bytes;
}

/** What a new TCP connection's first round trip carries: ten segments of 1,460 bytes (RFC 6928). */
const FIRST_WINDOW = 10 * 1460;

// Budgets of docs/speed.md: the whole page arrives in one small response.
describe('HTML size budgets (gzip)', () => {
  it('home page ≤ 30 KB', async () => {
    expect(await gzipSize(await fetchPath('/'))).toBeLessThanOrEqual(30 * 1024);
  });

  it('article page ≤ 25 KB', async () => {
    expect(await gzipSize(await fetchPath('/noticia/como-decorar-apartamentos-pequenos'))).toBeLessThanOrEqual(25 * 1024);
  });

  // A page past the first window waits a round trip more before the browser has all of it
  // (docs/decisions/055-a-stylesheet-per-kind-of-page.md).
  it.each(['/', '/noticia/como-decorar-apartamentos-pequenos', SIMULATION_30_YEARS, RENT_OR_BUY_30_YEARS, COSTS_OF_BUYING])(
    '%s, headers and gzip body, fits in a new connection’s first round trip',
    async (path) => {
      const response = await fetchPath(path);
      expect(response.status).toBe(200);
      expect(headerBytes(response) + (await gzipSize(response))).toBeLessThanOrEqual(FIRST_WINDOW);
    },
  );

  it('every bundled article fits in the first round trip too', async () => {
    const items = await bundledNews();
    expect(items.length).toBeGreaterThan(5);
    const over: string[] = [];
    for (const { slug } of items) {
      const response = await fetchPath(`/noticia/${slug}`);
      const bytes = headerBytes(response) + (await gzipSize(response));
      if (bytes > FIRST_WINDOW) over.push(`${slug}: ${bytes}`);
    }
    expect(over).toEqual([]);
  });
});
