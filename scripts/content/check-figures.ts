import { extname } from 'node:path';
import { html, type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import { orList } from '../../src/checking/editor-text.ts';
import { error, type Problem, warning } from '../../src/checking/problems.ts';
import { BodyTooComplexError, parseBody } from '../../src/content/body/body-parse.ts';
import { IMAGE_EXTENSIONS, IMAGE_FOLDER, IMAGE_FORMATS, imageKey, publishedExtension } from '../../src/content/schema/format.ts';
import { FIGURE_LIMITS } from '../../src/content/schema/image-limits.ts';
import { FIGURE_FOLDER, figureName, isPublishedImagePath } from '../../src/publishing/plan/figure-files.ts';
import { type ArticleSource, publishedImageName, shown } from './article-folder.ts';
import { FORMAT_NAMES, formatBytes, readImage } from './check-image.ts';
import { imageVariants } from './image-variants.ts';

// Images shown inside an article's body, in a `<figure>`: the editor puts the
// file in the folder's `imagens/` subfolder and writes `![alt](imagens/<file>
// "legenda")` on a line of its own in index.md. Their limits (FIGURE_LIMITS) are shared with the newsroom's uploads.

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

/** Checks one file of imagens/: a real image in an accepted format that its name says, within the limits above. */
async function checkFigureImage(
  bytes: Uint8Array,
  name: string,
  file: string,
): Promise<{ problems: Problem[]; width: number; height: number }> {
  const problems: Problem[] = [];
  const { minWidth, maxSize, maxBytes, aspect } = FIGURE_LIMITS;
  const extension = extname(name).slice(1).toLowerCase();
  if (!IMAGE_EXTENSIONS.includes(extension)) {
    return {
      problems: [
        error(
          file,
          'imagens',
          `"${name}" não é um arquivo de imagem aceito`,
          `salve-o como ${orList(FORMAT_NAMES)} (.webp, .avif, .jpg, .png)`,
        ),
      ],
      width: 0,
      height: 0,
    };
  }
  if (bytes.byteLength > maxBytes) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${formatBytes(bytes.byteLength)}; o máximo é ${formatBytes(maxBytes)}`,
        'exporte-a em WebP com cerca de 1600 px de largura, qualidade 70–80',
      ),
    );
  }
  const image = await readImage(bytes);
  if (!image) {
    return {
      problems: [...problems, error(file, 'imagens', 'o arquivo não é uma imagem legível', `salve-o de novo como ${orList(FORMAT_NAMES)}`)],
      width: 0,
      height: 0,
    };
  }
  const { format, width, height } = image;
  const named = IMAGE_EXTENSIONS.includes(extension) && publishedExtension(extension);
  if (!Object.hasOwn(IMAGE_FORMATS, format ?? '')) {
    problems.push(
      error(file, 'imagens', `a imagem está em ${format}, formato que o site não aceita`, `salve-a como ${orList(FORMAT_NAMES)}`),
    );
  } else if (named !== IMAGE_FORMATS[format as keyof typeof IMAGE_FORMATS].extensions[0]) {
    const right = IMAGE_FORMATS[format as keyof typeof IMAGE_FORMATS].extensions[0];
    problems.push(
      error(
        file,
        'imagens',
        `"${name}" é uma imagem ${format} com nome .${extension}`,
        `renomeie-a para .${right} (e corrija o endereço dela no texto)`,
      ),
    );
  }
  if (width < minWidth) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${width}×${height}; são precisos pelo menos ${minWidth} px de largura`,
        'use uma imagem maior: a coluna de texto tem 720 px de largura',
      ),
    );
  }
  if (width > maxSize.width || height > maxSize.height) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${width}×${height}; o máximo é ${maxSize.width}×${maxSize.height}`,
        'reduza-a para cerca de 1600 px de largura',
      ),
    );
  }
  const ratio = height > 0 ? width / height : 0;
  if (height > 0 && (ratio < aspect.min || ratio > aspect.max)) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${width}×${height}: ${ratio < aspect.min ? 'mais alta que 1:2' : 'mais larga que 4:1'}`,
        'recorte-a: as imagens do texto vão de 1:2 (em pé) a 4:1 (panorâmica)',
      ),
    );
  }
  return { problems, width, height };
}

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
  source: Pick<ArticleSource, 'slug' | 'figureImages'>,
  body: string,
  bodyFile: string,
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
  const available = new Map(source.figureImages.map((image) => [image.name, image]));
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
      const near = source.figureImages.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
      const names = source.figureImages.map((candidate) => candidate.name);
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
      if (!checked.has(name)) checked.set(name, checkFigureImage(image.bytes, name, shown(image.path)));
      const result = await checked.get(name)!;
      if (result.problems.length === 0) {
        const file = publishedImageName(source.slug, image.bytes, extname(name).slice(1).toLowerCase());
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
  for (const image of source.figureImages) {
    if (!used.has(image.name) && !checked.has(image.name)) {
      problems.push(
        warning(
          shown(image.path),
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

/** The responsive variants of the body images, as for the article image. */
export async function figureVariants(figures: readonly FigureImage[]): Promise<{ key: string; value: Buffer }[]> {
  return (await Promise.all(figures.map((figure) => imageVariants(figure.bytes, figure.file)))).flat();
}
