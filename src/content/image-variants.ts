/**
 * Every article image is published with these variants beside the original
 * (scripts/content/image-variants.ts makes them with sharp): pages offer them
 * through srcset, AVIF first, WebP as the fallback.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 800, 1200] as const;
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

/** `casa-1a2b3c.webp` at 800 px in AVIF → `casa-1a2b3c-800w.avif`. */
export function variantFile(publishedName: string, width: number, format: VariantFormat): string {
  return variantName(variantStem(publishedName), width, format);
}

/** `casa-1a2b3c.webp` → `casa-1a2b3c`: what every variant's name starts with. */
export const variantStem = (publishedName: string) => publishedName.replace(/\.[a-z]+$/, '');

/** A variant's name from the stem: for naming several variants of one image with one {@link variantStem}. */
export const variantName = (stem: string, width: number, format: VariantFormat) => `${stem}-${width}w.${format}`;

/** All variant file names of a published image. */
export function variantFiles(publishedName: string): string[] {
  return IMAGE_VARIANT_WIDTHS.flatMap((width) => IMAGE_VARIANT_FORMATS.map((format) => variantFile(publishedName, width, format)));
}
