import { SHARE_RECOMMENDED } from '#src/content/schema/article-schema.ts';
import { variantFile } from '#src/content/schema/image-variants.ts';
import { PATHS } from '../paths';
import type { DraftFields } from './draft-input';
import { UNTITLED } from './field-labels';
import { IMAGE_FIELD, isStoredImage, shareImageOf } from './media-names';

/**
 * What a link to the article shows in WhatsApp, Facebook and X, as the edit
 * form previews it (drafts/SharePreview.tsx, from the saved draft; then
 * client/newsroom/share-preview.ts as the journalist types, with this same
 * code). The texts are the page's `og:` and `twitter:` tags
 * (src/components/layout/Document.tsx): the share title and description when
 * given, else the title and summary.
 */

/** Where each card cuts a text, in characters: what their apps show on a phone (two lines of title, one or two of description). */
export const SHARE_CUTS = {
  whatsapp: { title: 65, description: 90 },
  facebook: { title: 88, description: 110 },
  x: { title: 70 },
} as const;

/**
 * The card's image without a share image (an image uploaded before decision
 * 053): the main image's 800 px variant (every card draws about 500 px wide),
 * centred in the cards' 1.91:1 frame, as the apps cut today's og:image.
 */
const CARD_IMAGE_WIDTH = 800;

export interface ShareCard {
  title: string;
  description: string;
  /** The image's address in the newsroom, or null before the draft has one. */
  image: string | null;
}

const given = (value: DraftFields[keyof DraftFields]) => (typeof value === 'string' ? value.trim() : '');

/** The address of the image a card shows: the main image's share image when it has one (what og:image will name once published), else its 800 px variant. */
export const cardImageOf = (image: string, hasShareImage: boolean) =>
  PATHS.media(hasShareImage ? shareImageOf(image) : variantFile(image, CARD_IMAGE_WIDTH, 'webp'));

/**
 * The link's title, description and image as the page's tags will give them.
 * `hasShareImage` says whether a stored main image has its 1200×630 share
 * image (the page asks R2; the script assumes so until the file fails to load).
 */
export function shareCardOf(fields: DraftFields, hasShareImage: (image: string) => boolean = () => false): ShareCard {
  const image = fields[IMAGE_FIELD];
  return {
    title: given(fields.tituloSocial) || given(fields.titulo) || UNTITLED,
    description: given(fields.descricaoSocial) || given(fields.descricao),
    image: image !== undefined && isStoredImage(image) ? cardImageOf(image, hasShareImage(image)) : null,
  };
}

/** A text as a card shows it: whole when it fits, else cut at the last word that fits, with "…". */
export function cutForCard(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.;:–—-]+$/u, '')}…`;
}

/** The fields with a recommended length, and it. */
export type CountedField = keyof typeof SHARE_RECOMMENDED;
export const isCountedField = (name: string): name is CountedField => Object.hasOwn(SHARE_RECOMMENDED, name);

/** A counted field's counter, in the form's words: how many characters, of how many the cards show whole. */
export function lengthCount(name: CountedField, value: string): { text: string; over: boolean } {
  // Counted as the schema counts its limits (src/content/schema/field-rules.ts), so the counter and the field's problem agree.
  const length = value.trim().length;
  const recommended = SHARE_RECOMMENDED[name];
  if (length === 0) return { text: `Vazio: o link usa o ${name === 'tituloSocial' ? 'título' : 'resumo'}.`, over: false };
  const over = length > recommended;
  return {
    text: over
      ? `${length} caracteres: passa dos ${recommended} que as prévias de link mostram inteiros.`
      : `${length} de ${recommended} caracteres recomendados.`,
    over,
  };
}

/** The site's address as the cards write it: Facebook in capitals, the others as is. */
export const cardHost = (siteUrl: string) => new URL(siteUrl).hostname.replace(/^www\./, '');
