import sharp from 'sharp';

/** A photo-like JPEG made here: a gradient with noise, so it compresses like a photo, not like a flat colour. */
export async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const noise = (x * 7919 + y * 104729) % 23;
      pixels[at] = (x * 255) / width + noise;
      pixels[at + 1] = (y * 255) / height + noise;
      pixels[at + 2] = 128 + noise;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
