import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#src/checking/limits.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { withImageVariants } from '../../../../scripts/content/check/images';
import { PROCESS_TEST_TIMEOUT_MS } from '../../processes';
import { articleFixture, cleanFixtures } from '../fixtures';

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);

/** A camera's JPEG: one colour, so it is small in bytes but large in pixels. */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a5c3e' } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** A photo-like PNG (grain everywhere): megabytes at an ordinary size. */
const grainyPng = (width: number, height: number, sigma: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
    .png()
    .toBuffer();

async function checkWith(slug: string, file: string, bytes: Buffer) {
  const dir = articleFixture(slug, { fields: { imagem: file }, files: { 'imagem.webp': null, [file]: bytes } });
  return checkContent(dir, [], TODAY);
}

const sizeOf = async (bytes: Uint8Array) => {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
};

// sharp decodes and encodes images of up to 36 megapixels here: seconds on a loaded machine, as long as a process start.
describe('a main image past the limits', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('8000×4500 JPEG: published reduced to 2400×1350 WebP, with a note, not refused', async () => {
    const { problems, articles } = await checkWith('foto-enorme', 'imagem.jpg', await jpeg(8000, 4500));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    const notes = problems.filter((p) => p.field === 'imagem');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.severity).toBe('note');
    expect(notes[0]!.message).toMatch(
      /^linha 5: a imagem tem 8000×4500 \(o máximo é 4000×4000\): ao publicar, vai uma cópia reduzida, 2400×1350 em WebP \(\d+ KB\)/,
    );
    const article = articles[0]!;
    expect(article.item.imagemAtual).toMatch(/^foto-enorme-[0-9a-f]{10}\.webp$/);
    expect(article.image.key).toBe(imageKey(article.item.imagemAtual));
    expect(await sizeOf(article.image.bytes)).toEqual({ width: 2400, height: 1350, format: 'webp' });
    // The variants pages use are made from the reduced copy, exactly 16:9.
    const { variants } = await withImageVariants(article);
    const largest = variants.find(({ key }) => key.endsWith('-1200w.webp'));
    expect(await sizeOf(largest!.value)).toEqual({ width: 1200, height: 675, format: 'webp' });
  });

  it('a 16:9 PNG over the byte limit: the same size in WebP, within the limit', async () => {
    const png = await grainyPng(1920, 1080, 40);
    expect(png.byteLength).toBeGreaterThan(LIMITS.imageMaxBytes);
    const { problems, articles } = await checkWith('foto-pesada', 'imagem.png', png);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    const note = problems.find((p) => p.field === 'imagem');
    expect(note?.severity).toBe('note');
    expect(note?.message).toMatch(
      /^linha 5: a imagem tem 5,\d MB \(o máximo é 1 MB\): ao publicar, vai uma cópia reduzida, 1920×1080 em WebP/,
    );
    const published = articles[0]!.image.bytes;
    expect(published.byteLength).toBeLessThanOrEqual(LIMITS.imageMaxBytes);
    expect(await sizeOf(published)).toEqual({ width: 1920, height: 1080, format: 'webp' });
  });

  it('8000×6000 (4:3) is refused with the 16:9 crop to make, and no reduction offered', async () => {
    const { problems, articles } = await checkWith('foto-4x3', 'imagem.jpg', await jpeg(8000, 6000));
    expect(articles).toEqual([]);
    const image = problems.filter((p) => p.field === 'imagem');
    expect(image.map((p) => [p.severity, p.message])).toEqual([['error', 'linha 5: a imagem tem 8000×6000, que não é 16:9']]);
    expect(image[0]!.hint).toContain('8000×4500');
  });

  it('an image that stays past the byte limit even reduced is refused, saying so', async () => {
    const { problems, articles } = await checkWith('so-ruido', 'imagem.png', await grainyPng(2400, 1350, 120));
    expect(articles).toEqual([]);
    const image = problems.filter((p) => p.field === 'imagem');
    expect(image).toHaveLength(1);
    expect(image[0]).toMatchObject({
      severity: 'error',
      message: expect.stringMatching(/mesmo reduzida a 2400×1350 em WebP passa de 1 MB/),
    });
  });

  it('an image within the limits is published as it is', async () => {
    const bytes = await jpeg(1600, 900);
    const { problems, articles } = await checkWith('foto-normal', 'imagem.jpg', bytes);
    expect(problems.filter((p) => p.field === 'imagem')).toEqual([]);
    expect(Buffer.compare(articles[0]!.image.bytes, bytes)).toBe(0);
    expect(articles[0]!.item.imagemAtual).toMatch(/\.jpg$/);
  });
});
