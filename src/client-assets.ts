import manifest from '@client/manifest';

/** Vite manifest keys of the client entries (see vite.config.ts). */
const BOOT_ENTRY = 'client/boot.ts';
const STYLES_ENTRY = 'client/styles.css';

function fileOf(entry: string): string {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`client entry "${entry}" is missing from the Vite manifest`);
  return `/${chunk.file}`;
}

/** URLs of the hashed client files every page links. */
export const clientAssets = {
  styles: fileOf(STYLES_ENTRY),
  boot: fileOf(BOOT_ENTRY),
};
