import { html, type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import { BodyTooComplexError, parseBody } from '#src/content/body/body-parse.ts';
import { IMAGE_FOLDER, imageKey } from '#src/content/schema/format.ts';
import { FIGURE_LIMITS } from '#src/content/schema/image-limits.ts';
import { FIGURE_FOLDER, figureName, isPublishedImagePath } from '#src/publishing/plan/figure-files.ts';
import { error, type Problem, warning } from '../problems';
import { publishedImageName } from './folder-layout';
import { checkFigureImage, type ImageTools } from './images';

// Images shown inside an article's body, in a `<figure>`: the editor puts the
// file in the folder's `imagens/` subfolder and writes `![alt](imagens/<file>
// "legenda")` on a line of its own in index.md. Their limits (FIGURE_LIMITS) are shared with the newsroom's uploads.

/** A file of the folder's imagens/: its name there, its path as the editor is shown it, its bytes. */
export interface FigureFile {
  name: string;
  file: string;
  bytes: Uint8Array;
}

/** A body image ready to publish, under its published name. */
export interface FigureImage {
  /** Published file name: `<slug>-<hash of the bytes>.<ext>`, in the thumbnails folder. */
  file: string;
  key: string;
  bytes: Uint8Array;
}

/** What an unresolved image is replaced with for the body check: a valid path, so the policy does not report it twice. */
const UNRESOLVED = `/${IMAGE_FOLDER}imagem-ausente.webp`;
const HTML_NS = html.NS.HTML;

/** Every element of a parsed fragment, depth first, without recursion (a hostile body can nest deeply). */
function* elements(root: T.ParentNode): Generator<T.Element> {
  const stack: T.ChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!tree.isElementNode(node)) continue;
    yield node;
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
}

/**
 * Checks the images a body shows and rewrites their src to the published
 * files: `imagens/planta.webp` becomes `/thumbnails/<slug>-<hash>.webp`, with
 * the image's own width and height (so the page never shifts while it
 * loads). Only the attributes change, in place: the rest of the body, and
 * every line number the body check reports, stay as the editor wrote them.
 * Images from anywhere else are left for the body check, which refuses them.
 */
export async function checkFigures(
  slug: string,
  figureFiles: readonly FigureFile[],
  body: string,
  bodyFile: string,
  read: ImageTools['read'],
): Promise<{ problems: Problem[]; body: string; figures: FigureImage[] }> {
  const problems: Problem[] = [];
  let fragment: T.DocumentFragment;
  try {
    // The parse the body check makes, within the same bounds: past them, that check says why, and this has nothing to add.
    fragment = parseBody(body, { locations: true });
  } catch (thrown) {
    if (thrown instanceof BodyTooComplexError) return { problems, body, figures: [] };
    throw thrown;
  }
  const available = new Map(figureFiles.map((image) => [image.name, image]));
  const checked = new Map<string, Promise<{ problems: Problem[]; width: number; height: number }>>();
  const used = new Map<string, FigureImage>();
  const edits: { start: number; end: number; text: string }[] = [];
  let count = 0;

  for (const element of elements(fragment)) {
    if (element.tagName !== 'img' || element.namespaceURI !== HTML_NS) continue;
    const location = element.sourceCodeLocation;
    const line = location?.startLine ?? 1;
    const src = element.attrs.find((attribute) => attribute.name === 'src' && !attribute.namespace);
    const srcAt = location?.attrs?.src;
    if (!src || !srcAt) continue;
    if (isPublishedImagePath(src.value)) {
      problems.push(
        error(
          bodyFile,
          'body: imagem',
          `linha ${line}: a imagem ${src.value.slice(0, 60)} aponta um arquivo já publicado`,
          `ponha a imagem em ${FIGURE_FOLDER}/ e escreva ${FIGURE_FOLDER}/<arquivo> como endereço: a publicação dá o nome final`,
        ),
      );
      continue;
    }
    const name = figureName(src.value);
    if (name === null) continue;
    count++;
    const image = available.get(name);
    let replacement = `src="${UNRESOLVED}"`;
    if (!image) {
      const near = figureFiles.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
      const names = figureFiles.map((candidate) => candidate.name);
      problems.push(
        error(
          bodyFile,
          'body: imagem',
          `linha ${line}: a imagem ${src.value.slice(0, 60)} não existe: a pasta ${FIGURE_FOLDER}/ do artigo não tem ${name}`,
          near
            ? `escreva ${FIGURE_FOLDER}/${near.name} (maiúsculas e minúsculas contam)`
            : names.length > 0
              ? `${FIGURE_FOLDER}/ tem ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`
              : `crie a pasta ${FIGURE_FOLDER}/ dentro da pasta do artigo e ponha a imagem lá`,
        ),
      );
    } else {
      if (!checked.has(name)) checked.set(name, checkFigureImage(image.bytes, name, image.file, read));
      const result = await checked.get(name)!;
      if (result.problems.length === 0) {
        const file = publishedImageName(slug, image.bytes, name.slice(name.lastIndexOf('.') + 1).toLowerCase());
        used.set(name, { file, key: imageKey(file), bytes: image.bytes });
        replacement = `src="/${imageKey(file)}" width="${result.width}" height="${result.height}"`;
        // The image's own size replaces any the editor wrote.
        for (const size of ['width', 'height'] as const) {
          const at = location?.attrs?.[size];
          if (at && element.attrs.some((attribute) => attribute.name === size))
            edits.push({ start: at.startOffset, end: at.endOffset, text: '' });
        }
      } else if (!problems.some((problem) => result.problems.includes(problem))) {
        problems.push(...result.problems);
      }
    }
    edits.push({ start: srcAt.startOffset, end: srcAt.endOffset, text: replacement });

    const alt = element.attrs.find((attribute) => attribute.name === 'alt')?.value.trim();
    const { min, max } = FIGURE_LIMITS.altChars;
    if (alt !== undefined && alt !== '' && (alt.length < min || alt.length > max)) {
      problems.push(
        error(
          bodyFile,
          'body: imagem',
          `linha ${line}: a descrição (entre os colchetes de ![…]) de ${FIGURE_FOLDER}/${name} tem ${alt.length} caracteres; o esperado é de ${min} a ${max}`,
          alt.length < min ? 'descreva o que a imagem mostra, para quem não pode vê-la' : 'encurte-o: ponha os detalhes na legenda',
        ),
      );
    }
  }

  if (count > FIGURE_LIMITS.maxImages) {
    problems.push(
      error(
        bodyFile,
        'body: imagem',
        `o texto mostra ${count} imagens; o máximo é ${FIGURE_LIMITS.maxImages}`,
        'fique com as imagens que explicam o texto',
      ),
    );
  }
  for (const image of figureFiles) {
    if (!used.has(image.name) && !checked.has(image.name)) {
      problems.push(
        warning(
          image.file,
          'imagens',
          `${FIGURE_FOLDER}/${image.name} não aparece no texto, então não é publicada`,
          `mostre-a numa linha só dela no texto, ![descrição](${FIGURE_FOLDER}/${image.name} "legenda"), ou apague o arquivo`,
        ),
      );
    }
  }

  let rewritten = body;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    rewritten = rewritten.slice(0, edit.start) + edit.text + rewritten.slice(edit.end);
  return { problems, body: rewritten, figures: [...used.values()] };
}
