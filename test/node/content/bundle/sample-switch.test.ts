import { describe, expect, it } from 'vitest';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { contentBundle, shipsSamples } from '../../../../scripts/content/bundle/vite-plugin';

/** The files a build's content plugin emits, by name. */
async function emitted(samples: boolean): Promise<Map<string, string | Uint8Array>> {
  const files = new Map<string, string | Uint8Array>();
  const plugin = contentBundle('content', samples);
  const context = { emitFile: ({ fileName, source }: { fileName: string; source: string | Uint8Array }) => files.set(fileName, source) };
  await (plugin.generateBundle as unknown as (this: typeof context) => Promise<void>).call(context);
  return files;
}

describe('the samples switch (SAMPLE_CONTENT)', () => {
  it('ships the samples unless the build says off', () => {
    expect(shipsSamples({})).toBe(true);
    expect(shipsSamples({ SAMPLE_CONTENT: 'on' })).toBe(true);
    expect(shipsSamples({ SAMPLE_CONTENT: 'off' })).toBe(false);
  });

  it('off: the bundle is an empty index, with no sample body or image', async () => {
    const files = await emitted(false);
    expect([...files.keys()]).toEqual([INDEX_META_KEY]);
    expect(parseIndexMeta(String(files.get(INDEX_META_KEY))).count).toBe(0);
  });

  it('on: the bundle holds every sample with its body and image', async () => {
    const files = await emitted(true);
    const meta = parseIndexMeta(String(files.get(INDEX_META_KEY)));
    expect(meta.count).toBeGreaterThan(10);
    expect([...files.keys()].filter((name) => name.startsWith('noticias/'))).toHaveLength(meta.count);
    expect([...files.keys()].some((name) => name.startsWith('thumbnails/'))).toBe(true);
  });
});
