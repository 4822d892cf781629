import manifest from '@client/manifest';
import { PAGE_STYLESHEETS, type PageStylesheet } from './page-stylesheets';

/** Vite manifest key of the client bootstrap (see vite.config.ts). */
const BOOT_ENTRY = 'client/boot.ts';

/** A manifest entry; `inline` is a stylesheet's text, added by the build while it is small (vite.config.ts). */
interface ClientEntry {
  file: string;
  inline?: string;
}

function entryOf(entry: string): ClientEntry {
  const chunk: ClientEntry | undefined = manifest[entry];
  if (!chunk) throw new Error(`client entry "${entry}" is missing from the Vite manifest`);
  return chunk;
}

const fileOf = (entry: string) => `/${entryOf(entry).file}`;

/** A page stylesheet: the URL of its hashed file, and its text when the build inlined it. */
export interface Stylesheet {
  href: string;
  /**
   * When present, pages carry it in a `<style>` (allowed by its hash in the
   * CSP) instead of linking the file, so a first visit paints one round trip
   * earlier. Absent under `npm run dev`.
   */
  inline?: string;
}

const stylesheets = Object.fromEntries(
  Object.entries(PAGE_STYLESHEETS).map(([kind, entry]) => [kind, { href: fileOf(entry), inline: entryOf(entry).inline }]),
) as Record<PageStylesheet, Stylesheet>;

/** URLs (and inlined texts) of the hashed client files reader pages use. */
export const clientAssets = {
  /** Each kind of page's stylesheet (src/site/page-stylesheets.ts). */
  stylesheets,
  /** The inlined stylesheets' texts, for the CSP's hashes. */
  inlineStyles: Object.values(stylesheets).flatMap(({ inline }) => (inline === undefined ? [] : [inline])),
  boot: fileOf(BOOT_ENTRY),
};
