import { IMAGE_FOLDER } from '#src/content/schema/format.ts';
import type { Draft } from '../drafts/drafts-store';
import { IMAGE_FIELD } from '../shared/media-names';

/** An image the site still serves that could not be copied into the newsroom, at a line of the text: `](/thumbnails/…` or `src="/thumbnails/…`. */
const PUBLISHED_ADDRESS = new RegExp(`(?:\\]\\(|src=")/${IMAGE_FOLDER}([^)"\\s]+)`);

/**
 * What a draft opened from a live article lacks of its images, in the
 * journalist's words: the main image, when it could not be copied (the site
 * lacks it or one of its smaller versions); each image of the text still
 * named by its address on the site, by its line. Read from the draft as it
 * is, so each goes away once the image is sent again.
 */
export function liveImageProblems(draft: Pick<Draft, 'slug' | 'fields' | 'body'>): string[] {
  if (draft.slug === null) return [];
  const problems: string[] = [];
  if (draft.fields[IMAGE_FIELD] === undefined)
    problems.push(
      'A imagem principal do artigo no ar não veio para a redação: o site não tem todas as versões dela. Envie a imagem de novo em "Imagem principal".',
    );
  draft.body.split('\n').forEach((line, at) => {
    const found = PUBLISHED_ADDRESS.exec(line);
    if (found)
      problems.push(
        `Texto, linha ${at + 1}: a imagem ${found[1]} não veio para a redação (o site não tem todas as versões dela). Envie-a de novo em "Imagens do texto" e apague esta linha.`,
      );
  });
  return problems;
}
