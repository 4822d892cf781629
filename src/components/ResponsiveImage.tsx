import { preload } from 'react-dom';
import { IMAGE_SIZE } from '../content/schema/format';
import { IMAGE_VARIANT_WIDTHS, type VariantFormat, variantFormatsOf, variantName, variantStem } from '../content/schema/image-variants';
import type { NewsItem } from '../content/schema/news-item';
import { thumbnailPath } from '../seo/urls';

/** What the image shows, in words: the editor's `alt`, else the title (docs/product.md §3). */
export const imageAlt = (item: Pick<NewsItem, 'titulo' | 'alt'>) => item.alt ?? item.titulo;

/** The width the browser gets when it understands neither srcset nor AVIF. */
const FALLBACK_WIDTH = 800;

// From the image's variant stem, worked out once per image (a page has up to 25).
const srcSet = (stem: string, format: VariantFormat) =>
  IMAGE_VARIANT_WIDTHS.map((width) => `${thumbnailPath(variantName(stem, width, format))} ${width}w`).join(', ');

interface ResponsiveImageProps {
  item: Pick<NewsItem, 'imagemAtual' | 'titulo' | 'alt' | 'formatosImagem'>;
  /** How wide the image is drawn, for the browser to pick a variant (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /**
   * The likely LCP image (`high`) is preloaded from the head, so it is asked for
   * as the response starts rather than when the parser reaches it; images below
   * the fold wait until they are near. Every image decodes off the main thread:
   * a synchronous decode of the largest image is a long task on a slow phone.
   */
  priority: 'high' | 'eager' | 'lazy';
}

/**
 * An article image as AVIF and WebP in three widths (published beside the
 * original, see src/content/schema/image-variants.ts), with its intrinsic size so the
 * page never shifts while it loads. No AVIF source when the entry says its
 * image has none (the newsroom's): a `<source>` whose file is missing does
 * not fall back to the next one.
 */
export function ResponsiveImage({ item, sizes, className, priority }: ResponsiveImageProps) {
  const stem = variantStem(item.imagemAtual);
  const avif = variantFormatsOf(item).includes('avif');
  if (priority === 'high') {
    // React puts the preload first in the head. Its candidates are the picture's first source:
    // a browser that knows the type fetches the file the picture will pick, and one that does not skips it.
    const format = avif ? 'avif' : 'webp';
    preload(thumbnailPath(variantName(stem, FALLBACK_WIDTH, format)), {
      as: 'image',
      type: `image/${format}`,
      imageSrcSet: srcSet(stem, format),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={srcSet(stem, 'avif')} sizes={sizes} />}
      <img
        className={className}
        src={thumbnailPath(variantName(stem, FALLBACK_WIDTH, 'webp'))}
        srcSet={srcSet(stem, 'webp')}
        sizes={sizes}
        alt={imageAlt(item)}
        width={IMAGE_SIZE.width}
        height={IMAGE_SIZE.height}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  );
}
