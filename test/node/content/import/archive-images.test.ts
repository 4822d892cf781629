import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '#src/content/schema/image-variants.ts';
import { sniffPicture } from '#src/newsroom/media/sniff.ts';
import { type ImageKind, shareImageProblem, storedProblems, variantProblem } from '#src/newsroom/shared/image-check.ts';
import { type PreparedImage, prepareFigure, prepareMainImage } from '../../../../scripts/content/import/archive-images';

const MB = 1024 * 1024;

/** A plain picture of one colour. */
const solid = (width: number, height: number, background = '#7a8c9e') => sharp({ create: { width, height, channels: 3, background } });

/** A picture of random pixels: what compresses worst, so the heaviest file of its size. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

/** A picture whose left half is red and right half blue, to tell which way it was turned. */
function halves(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set(x < width / 2 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** The colour at a point of a prepared picture. */
async function colourAt(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 200 && r < 60 && g < 60;

/** The prepared image, failing the test with its problem when there is one. */
function prepared(result: PreparedImage | { problem: string }): PreparedImage {
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

/**
 * The image and its variants as the newsroom's worker judges an upload:
 * read from the bytes as it reads them, every rule of its kind met, the
 * variants WebP, widest last, of the widths the pages ask for.
 */
function expectAccepted(kind: ImageKind, image: PreparedImage): void {
  const facts = sniffPicture(image.bytes);
  expect({ width: facts.width, height: facts.height }).toEqual({ width: image.width, height: image.height });
  expect(storedProblems(kind, facts)).toEqual([]);
  expect(image.bytes.byteLength).toBeLessThanOrEqual(MB);
  expect(image.variants.map(({ width }) => width)).toEqual([...IMAGE_VARIANT_WIDTHS]);
  for (const variant of image.variants) {
    const picture = sniffPicture(variant.bytes);
    expect(variantProblem(kind, facts, variant.width, picture)).toBeNull();
    expect(picture.format).toBe('webp');
    expect(picture.width).toBe(Math.min(variant.width, image.width));
    if (kind === 'principal') expect(picture.height).toBe(Math.round((picture.width * 9) / 16));
  }
  // The main image's share image (decision 053), as the worker judges the browser's; a figure has none.
  if (kind === 'principal') expect(shareImageProblem(sniffPicture(image.share!))).toBeNull();
  else expect(image.share).toBeUndefined();
}

describe('prepareMainImage', () => {
  it('cuts a small 3:2 photo to 16:9 and enlarges it to the 1200×675 pages draw', async () => {
    const image = prepared(await prepareMainImage(await solid(300, 200).jpeg().toBuffer()));
    expect(image).toMatchObject({ width: 1200, height: 675, extension: 'webp', original: { width: 300, height: 200, format: 'jpeg' } });
    expect(image.changes).toEqual(['recortada', 'ampliada', 'convertida']);
    expectAccepted('principal', image);
  });

  it('cuts a 4:3 PNG to its largest 16:9 part, at its own size', async () => {
    const image = prepared(await prepareMainImage(await solid(2000, 1500).png().toBuffer()));
    expect(image).toMatchObject({ width: 2000, height: 1125, extension: 'webp' });
    expect(image.changes).toEqual(['recortada', 'convertida']);
    expectAccepted('principal', image);
  });

  it('cuts where the subject is, not only the centre', async () => {
    // A grey 4:3 photo with its one bright subject at the bottom edge: a centred 16:9 cut would leave it out.
    const subject = await sharp({ create: { width: 600, height: 150, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const photo = await solid(2000, 1500, '#808080')
      .composite([{ input: subject, left: 700, top: 1350 }])
      .png()
      .toBuffer();
    const image = prepared(await prepareMainImage(photo));
    expect(isRed(await colourAt(image.bytes, 1000, 1100))).toBe(true);
  });

  it('reduces a camera’s 5000×3000 original to 2400×1350, the most it keeps', async () => {
    const image = prepared(await prepareMainImage(await solid(5000, 3000).jpeg().toBuffer()));
    expect(image).toMatchObject({ width: 2400, height: 1350, original: { width: 5000, height: 3000, format: 'jpeg' } });
    expect(image.changes).toEqual(['recortada', 'reduzida', 'convertida']);
    expectAccepted('principal', image);
  });

  it('keeps the bytes of a 1200×675 WebP that already fits', async () => {
    const bytes = await solid(1200, 675).webp().toBuffer();
    const image = prepared(await prepareMainImage(bytes));
    expect(Buffer.from(image.bytes).equals(bytes)).toBe(true);
    expect(image).toMatchObject({ width: 1200, height: 675, extension: 'webp', changes: [] });
    expectAccepted('principal', image);
  });

  it('keeps the bytes of a 16:9 PNG that fits, as a PNG', async () => {
    const bytes = await solid(1920, 1080).png().toBuffer();
    const image = prepared(await prepareMainImage(bytes));
    expect(Buffer.from(image.bytes).equals(bytes)).toBe(true);
    expect(image).toMatchObject({ extension: 'png', changes: [] });
    expectAccepted('principal', image);
  });

  it('turns a phone’s photo stored sideways upright by its EXIF orientation', async () => {
    // Stored 675×1200 with orientation 6 (turn a quarter clockwise to show): its left half becomes the top.
    const bytes = await halves(675, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const image = prepared(await prepareMainImage(bytes));
    expect(image).toMatchObject({ width: 1200, height: 675, extension: 'webp', original: { width: 1200, height: 675 } });
    expect(image.changes).toEqual(['convertida']);
    expect(isRed(await colourAt(image.bytes, 600, 20))).toBe(true);
    expect(isBlue(await colourAt(image.bytes, 600, 650))).toBe(true);
    expectAccepted('principal', image);
  });

  it('keeps an animated GIF’s first frame, and says so', async () => {
    const frame = (background: string) => solid(1600, 900, background).png().toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const image = prepared(await prepareMainImage(gif));
    expect(image).toMatchObject({ width: 1600, height: 900, extension: 'webp', original: { format: 'gif' } });
    expect(image.changes).toEqual(['convertida', 'primeiro quadro']);
    expect(isRed(await colourAt(image.bytes, 800, 450))).toBe(true);
    expectAccepted('principal', image);
  });

  it('converts a PNG past 1 MB to a WebP within it, at its size', async () => {
    const bytes = await noise(1280, 720).png().toBuffer();
    expect(bytes.byteLength).toBeGreaterThan(MB);
    const image = prepared(await prepareMainImage(bytes));
    expect(image).toMatchObject({ width: 1280, height: 720, extension: 'webp', changes: ['convertida'] });
    expectAccepted('principal', image);
  });

  it('reduces a picture that no quality brings within 1 MB at 2400×1350, keeping it 16:9 and no smaller than 1200×675', async () => {
    const image = prepared(await prepareMainImage(await noise(2400, 1350).png().toBuffer()));
    expect(image.changes).toEqual(['reduzida', 'convertida']);
    expect(image.width).toBeLessThan(2400);
    expect(image.width).toBeGreaterThanOrEqual(1200);
    expectAccepted('principal', image);
  });

  it('says when the file is no picture it can read', async () => {
    expect(await prepareMainImage(new TextEncoder().encode('<html>404</html>'))).toEqual({ problem: 'o arquivo não é uma imagem legível' });
    const truncated = (await solid(1600, 900).jpeg().toBuffer()).subarray(0, 200);
    expect(await prepareMainImage(truncated)).toHaveProperty('problem');
    expect(await prepareMainImage(new Uint8Array([0x42, 0x4d, 0, 0, 0, 0]))).toEqual({ problem: expect.stringContaining('BMP') });
  });
});

describe('prepareFigure', () => {
  it('keeps the bytes of a JPEG that fits, in its own shape', async () => {
    const bytes = await solid(1000, 1500).jpeg().toBuffer();
    const image = prepared(await prepareFigure(bytes));
    expect(Buffer.from(image.bytes).equals(bytes)).toBe(true);
    expect(image).toMatchObject({ width: 1000, height: 1500, extension: 'jpg', changes: [] });
    expectAccepted('figura', image);
  });

  it('enlarges a 500-px-wide figure to the 800 px the text column draws it at, in its shape', async () => {
    const image = prepared(await prepareFigure(await solid(500, 400).png().toBuffer()));
    expect(image).toMatchObject({ width: 800, height: 640, extension: 'webp' });
    expect(image.changes).toEqual(['ampliada', 'convertida']);
    expectAccepted('figura', image);
  });

  it('reduces one past 4000×4000, in its shape', async () => {
    const image = prepared(await prepareFigure(await solid(4500, 3000).jpeg().toBuffer()));
    expect(image).toMatchObject({ width: 4000, height: 2667 });
    expect(image.changes).toEqual(['reduzida', 'convertida']);
    expectAccepted('figura', image);
  });

  it('converts a still GIF and a TIFF to WebP, with no frame dropped', async () => {
    for (const bytes of [await solid(900, 600).gif().toBuffer(), await solid(900, 600).tiff().toBuffer()]) {
      const image = prepared(await prepareFigure(bytes));
      expect(image).toMatchObject({ width: 900, height: 600, extension: 'webp', changes: ['convertida'] });
      expectAccepted('figura', image);
    }
  });

  it('converts a noisy 1.5 MB PNG to a WebP within 1 MB, at its size', async () => {
    const bytes = await noise(850, 620).png().toBuffer();
    expect(bytes.byteLength).toBeGreaterThan(1.5 * MB);
    const image = prepared(await prepareFigure(bytes));
    expect(image).toMatchObject({ width: 850, height: 620, extension: 'webp', changes: ['convertida'] });
    expectAccepted('figura', image);
  });

  it('never cuts a figure taller than 1:2 or wider than 4:1 (an infographic would lose content): a problem instead', async () => {
    expect(await prepareFigure(await solid(600, 2400).png().toBuffer())).toEqual({
      problem: expect.stringMatching(/^a imagem tem 600×2400, mais alta que 1:2: /),
    });
    expect(await prepareFigure(await solid(5000, 1000).png().toBuffer())).toEqual({
      problem: expect.stringMatching(/^a imagem tem 5000×1000, mais larga que 4:1: /),
    });
  });

  it('takes the shapes at the limits, 1:2 and 4:1', async () => {
    for (const [width, height] of [
      [800, 1600],
      [3200, 800],
    ] as const)
      expectAccepted('figura', prepared(await prepareFigure(await solid(width, height).png().toBuffer())));
  });
});
