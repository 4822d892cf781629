/**
 * The content paths: each is both a KV key and a file of the bundled assets
 * (docs/architecture.md, "The paths are the contract"). Shared by the worker and the
 * editors' commands. The news list's keys are in news-index.ts.
 */

/**
 * An article's HTML body, named by a hash of its text: a corrected body gets a
 * new key, written beside the live one, and only the index switch
 * (index/meta.json) makes it the one pages show.
 */
export const bodyKey = (slug: string, hash: string) => `noticias/${slug}.${hash}.html`;

/** An article image, by its published file name (the `imagemAtual` field). */
export const imageKey = (file: string) => `thumbnails/${file}`;
