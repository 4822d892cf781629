import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZE } from '#src/content/schema/format.ts';
import { IMAGE_VARIANT_WIDTHS } from '#src/content/schema/image-variants.ts';
import { articleImage1200, articleShareImage } from '#src/seo/share-image.ts';
import { imageVariants, shareImage } from '../../../../scripts/content/check/images';
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

  it('include the file JSON-LD names (and link previews of an entry without a share image), at the size they state', async () => {
    const name = 'foto-grande-0123456789.webp';
    const share = articleImage1200({ imagemAtual: name });
    expect(articleShareImage({ imagemAtual: name })).toEqual(share);
    expect(share).toEqual({ path: '/thumbnails/foto-grande-0123456789-1200w.webp', width: 1200, height: 675 });
    expect(IMAGE_VARIANT_WIDTHS).toContain(share.width);
    const variants = await imageVariants(await image(2400, 1350), name, IMAGE_SIZE);
    const file = variants.find(({ key }) => `/${key}` === share.path);
    const { width, height } = await sharp(file!.value).metadata();
    expect({ width, height }).toEqual({ width: share.width, height: share.height });
  });

  it('have a share image beside them: the centre of the 16:9 picture at 1200×630, WebP, the file og:image names', async () => {
    const name = 'foto-social-0123456789.webp';
    const stated = articleShareImage({ imagemAtual: name, imagemSocial: true });
    expect(stated).toEqual({ path: '/thumbnails/foto-social-0123456789-1200x630.webp', width: 1200, height: 630 });
    // Three bands: 30 px of red at top and bottom of a 1600×900 picture (22.5 px at 1200 wide) fall outside the cut.
    const bands = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 1600, height: 840, channels: 3, background: '#0000ff' } }, top: 30, left: 0 }])
      .png()
      .toBuffer();
    const file = await shareImage(bands, name);
    expect(`/${file.key}`).toBe(stated.path);
    const { data, info } = await sharp(file.value).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height, format: (await sharp(file.value).metadata()).format }).toEqual({
      width: 1200,
      height: 630,
      format: 'webp',
    });
    const [r = 0, , b = 0] = data.subarray(0, 3);
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
  });
});
