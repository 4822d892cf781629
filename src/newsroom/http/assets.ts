import manifest from '@client/manifest';

/** Vite manifest keys of the newsroom's own entries (vite.config.ts): loaded only by newsroom pages. */
export const NEWSROOM_SCRIPT_ENTRY = 'client/newsroom/newsroom.ts';
/** The body's rich text editor, linked by the draft's form only. */
export const NEWSROOM_EDITOR_ENTRY = 'client/newsroom/editor.ts';
export const NEWSROOM_STYLES_ENTRY = 'client/newsroom/newsroom.css';
/** The preview bar's stylesheet, above the reader's page in a preview (src/newsroom/preview/). */
export const PREVIEW_BAR_STYLES_ENTRY = 'client/newsroom/preview-bar.css';

function fileOf(entry: string): string {
  const chunk: { file: string } | undefined = manifest[entry];
  if (!chunk) throw new Error(`client entry "${entry}" is missing from the Vite manifest`);
  return `/${chunk.file}`;
}

/** URLs of the newsroom's hashed scripts and stylesheets. */
export const newsroomAssets = {
  script: fileOf(NEWSROOM_SCRIPT_ENTRY),
  editor: fileOf(NEWSROOM_EDITOR_ENTRY),
  styles: fileOf(NEWSROOM_STYLES_ENTRY),
  previewBar: fileOf(PREVIEW_BAR_STYLES_ENTRY),
};
