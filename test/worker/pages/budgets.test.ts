import { describe, expect, it } from 'vitest';
import { fetchPath } from '../helpers';

async function gzipSize(response: Response): Promise<number> {
  const compressed = response.body!.pipeThrough(new CompressionStream('gzip'));
  return (await new Response(compressed).arrayBuffer()).byteLength;
}

// Budgets of docs/speed.md: the whole page arrives in one small response.
describe('HTML size budgets (gzip)', () => {
  it('home page ≤ 30 KB', async () => {
    expect(await gzipSize(await fetchPath('/'))).toBeLessThanOrEqual(30 * 1024);
  });

  it('article page ≤ 25 KB', async () => {
    expect(await gzipSize(await fetchPath('/noticia/como-decorar-apartamentos-pequenos'))).toBeLessThanOrEqual(25 * 1024);
  });
});
