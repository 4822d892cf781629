/**
 * The content paths: each is both a KV key and a file of the bundled assets
 * (DESIGN.md, "the paths are the contract"). Shared by the worker and the
 * editors' commands. The news list's keys are in news-index.ts.
 */

/** An article's HTML body. */
export const bodyKey = (slug: string) => `noticias/${slug}.html`;

/** An article image, by its published file name (the `imagemAtual` field). */
export const imageKey = (file: string) => `thumbnails/${file}`;
