/**
 * Every article image is published with these variants beside the original
 * (scripts/content/check/images.ts makes them with sharp): pages offer them
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

/**
 * The variant formats an article's images have, as its list entry records
 * them (`formatosImagem`): the newsroom publishes WebP variants only
 * (docs/newsroom-writing.md, "Images"); an entry without the field has both, as the
 * commands publish them.
 */
export interface WithVariantFormats {
  formatosImagem?: readonly VariantFormat[];
}

/** What an entry may record: WebP alone (WebP is every page's fallback, so it is never missing). */
export const WEBP_ONLY: readonly VariantFormat[] = ['webp'];

/** The formats an entry's images have: WebP alone when it says so, else both. */
export const variantFormatsOf = (item: WithVariantFormats): readonly VariantFormat[] => item.formatosImagem ?? IMAGE_VARIANT_FORMATS;

/** Whether a stored `formatosImagem` is one an entry may record ({@link WEBP_ONLY}). */
export const isRecordedFormats = (value: unknown): value is readonly VariantFormat[] =>
  Array.isArray(value) && value.length === WEBP_ONLY.length && value.every((format, i) => format === WEBP_ONLY[i]);

/** All variant file names of a published image, in the given formats (both by default). */
export function variantFiles(publishedName: string, formats: readonly VariantFormat[] = IMAGE_VARIANT_FORMATS): string[] {
  return IMAGE_VARIANT_WIDTHS.flatMap((width) => formats.map((format) => variantFile(publishedName, width, format)));
}
