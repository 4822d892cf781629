import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZE } from '#src/content/schema/format.ts';
import { IMAGE_VARIANT_WIDTHS } from '#src/content/schema/image-variants.ts';
import { articleShareImage } from '#src/seo/share-image.ts';
import { imageVariants } from '../../../../scripts/content/check/images';
import { image } from '../fixtures';

/** Each variant's real size, by the file name's width and format. */
async function sizes(variants: { key: string; value: Buffer }[]): Promise<Record<string, string>> {
  const entries = await Promise.all(
    variants.map(async ({ key, value }) => {
      const { width, height } = await sharp(value).metadata();
      return [key.replace(/^thumbnails\/[a-z0-9-]+?-(\d+w\.\w+)$/, '$1'), `${width}×${height}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('article image variants', () => {
  // 1600×900 is the case link previews got wrong; 1920×1064 is 16:9 within the checker's 2%, but not exactly.
  it.each([
    [1600, 900],
    [1920, 1064],
    [1200, 676],
  ])('of a %i×%i image are exactly 16:9 at every width', async (width, height) => {
    const variants = await imageVariants(await image(width, height), `foto-${width}x${height}-0123456789.webp`, IMAGE_SIZE);
    expect(await sizes(variants)).toEqual({
      '480w.avif': '480×270',
      '480w.webp': '480×270',
      '800w.avif': '800×450',
      '800w.webp': '800×450',
      '1200w.avif': '1200×675',
      '1200w.webp': '1200×675',
    });
  });

  it('of a figure keep its own shape', async () => {
    const variants = await imageVariants(await image(1600, 800), 'planta-0123456789.webp');
    expect((await sizes(variants))['1200w.webp']).toBe('1200×600');
  });

  it('include the file link previews and JSON-LD name, at the size they state', async () => {
    const name = 'foto-grande-0123456789.webp';
    const share = articleShareImage({ imagemAtual: name });
    expect(share).toEqual({ path: '/thumbnails/foto-grande-0123456789-1200w.webp', width: 1200, height: 675 });
    expect(IMAGE_VARIANT_WIDTHS).toContain(share.width);
    const variants = await imageVariants(await image(2400, 1350), name, IMAGE_SIZE);
    const file = variants.find(({ key }) => `/${key}` === share.path);
    const { width, height } = await sharp(file!.value).metadata();
    expect({ width, height }).toEqual({ width: share.width, height: share.height });
  });
});
