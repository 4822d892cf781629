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

/**
 * The share image: the main image's 16:9 1200 px picture cut to the 1.91:1
 * that link previews draw `og:image` in (WhatsApp's large card, Facebook's,
 * X's `summary_large_image`), centred, WebP. Made beside the variants by
 * sharp (scripts/content/check/images.ts, the WordPress import) and by the
 * newsroom's browser (client/newsroom/image-encode.ts); decision 053.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** `casa-1a2b3c.webp` → `casa-1a2b3c-1200x630.webp`: named by its size, as no reader width could be (`-1200w`). */
export const shareImageFile = (publishedName: string) =>
  `${variantStem(publishedName)}-${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}.webp`;

/**
 * Whether an entry's main image has a share image (`imagemSocial: true` in
 * its list entry, written by the engine from the files it publishes); an
 * entry without the field (every one published before decision 053) has none.
 */
export interface WithShareImage {
  imagemSocial?: true;
}

/** Whether a stored `imagemSocial` is one an entry may record: `true`, the only value the engine writes. */
export const isRecordedShareImage = (value: unknown): value is true => value === true;
