/**
 * The names the newsroom's pages and its script (client/newsroom/) agree on:
 * the edit form, its parts, and the anti-forgery pair.
 */

/** The id of a draft's edit form. */
export const DRAFT_FORM_ID = 'rascunho';

/** The edit form's names beside the schema's fields (which keep the schema's keys). */
export const FORM = { body: 'corpo', version: 'versao', xsrf: '_xsrf' } as const;

/** The ids of a field's control, hint and problem line. */
export const fieldIds = (name: string) => ({ input: `campo-${name}`, hint: `dica-${name}`, problem: `problema-${name}` });

/** The anti-forgery pair: a random token in this cookie, sent back in this header (or the form's `_xsrf` field). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** An image upload's multipart fields (client/newsroom/image-upload.ts → src/newsroom/media/media-routes.tsx). */
export const UPLOAD = {
  kind: 'tipo',
  alt: 'alt',
  file: 'arquivo',
  variant: (width: number) => `variante-${width}`,
  /** The main image's 1200×630 share image (decision 053). */
  share: 'compartilhar',
} as const;

/** The publishing panel's fields (src/newsroom/publishing/PublishPanel.tsx): when to schedule for, the correction's note. */
export const PUBLISH_FORM = { when: 'quando', note: 'correcao' } as const;

/**
 * The event the image picker fires on the body's textarea once an image for the text is uploaded
 * (`detail`: its alternative text and stored name). The rich text editor, when it shows, puts the
 * figure at its cursor and cancels the event; otherwise the picker writes the Markdown line itself.
 */
export const FIGURE_EVENT = 'nr-figura';
export interface FigureUploaded {
  alt: string;
  name: string;
}

/**
 * An article the link panel offers (client/newsroom/editor/title-search.ts), as the newsroom lists it
 * (src/newsroom/links/article-titles.ts, `?busca=` words of its title): its title and its address.
 */
export interface TitledArticle {
  titulo: string;
  endereco: string;
}
