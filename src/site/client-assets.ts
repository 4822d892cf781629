import manifest from '@client/manifest';

/** Vite manifest keys of the client entries (see vite.config.ts). */
const BOOT_ENTRY = 'client/boot.ts';
const STYLES_ENTRY = 'client/styles.css';

/** A manifest entry; `inline` is the stylesheet's text, added by the build while it is small (vite.config.ts). */
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

/** URLs of the hashed client files every page links. */
export const clientAssets = {
  styles: fileOf(STYLES_ENTRY),
  /**
   * The stylesheet's text when the build inlined it: pages carry it in a
   * `<style>` (allowed by its hash in the CSP) instead of linking the file, so
   * a first visit paints one round trip earlier. Absent under `npm run dev`.
   */
  inlineStyles: entryOf(STYLES_ENTRY).inline,
  boot: fileOf(BOOT_ENTRY),
};
