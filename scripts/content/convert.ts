/**
 * `npm run content:convert -- <article folder>…`: an article folder in the old
 * format (`article.json` with the fields, `body.html` with the text) rewritten
 * as the one format the commands read, `index.md`: the same fields as its
 * front matter, the HTML as the Markdown the newsroom writes for a live
 * article (src/newsroom/live-draft/html-to-markdown.ts, which keeps as HTML
 * whatever Markdown cannot say the same way), and the main image the old
 * format held by its file name alone (`imagem.webp`, `.jpg`, …) named in
 * `imagem`. Both files are read as the old format's reader read them (UTF-8,
 * a byte order mark dropped). A folder whose main image cannot be told (none,
 * two, one `imagem` names that the check would refuse) is left as it was,
 * with the reason; else the old files are removed once index.md is written.
 * Run `content:check` on the folder after.
 */

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { IMAGE_FIELD, MARKDOWN_FILE } from '../../src/checking/article-file.ts';
import { decodeUtf8, explainJsonError, type TextFault } from '../../src/checking/editor-text.ts';
import { LOOKS_LIKE_IMAGE } from '../../src/checking/folder/folder-layout.ts';
import { IMAGE_EXTENSIONS } from '../../src/content/schema/format.ts';
import { bodyMarkdown } from '../../src/newsroom/live-draft/html-to-markdown.ts';
import { readLiveBody } from '../../src/newsroom/live-draft/live-body.ts';
import { exitAfterOutput } from '../lib/exit.ts';
import { namedImage } from './check/article-folder.ts';

const FIELDS_FILE = 'article.json';
const BODY_FILE = 'body.html';
/**
 * The old format named no main image: its reader took the one file
 * `imagem.<ext>` of the folder, in any case (`Imagem.JPG` too), and refused
 * a folder with two. index.md names it in `imagem`, which the check requires.
 */
const OLD_IMAGE_NAME = /^imagem\.([a-z0-9]+)$/i;
const [FIRST_EXTENSION, ...OTHER_EXTENSIONS] = IMAGE_EXTENSIONS;
const OLD_IMAGE_NAMES = `imagem.${FIRST_EXTENSION} (ou .${OTHER_EXTENSIONS.join(', .')})`;

const withHint = (fault: TextFault) => `${fault.message}: ${fault.hint}`;

/** A file of the old format as text, as its reader took it: UTF-8, a byte order mark dropped. */
function readText(dir: string, name: string): { text: string } | { why: string } {
  const read = decodeUtf8(readFileSync(join(dir, name)), name);
  return 'fault' in read ? { why: withHint(read.fault) } : read;
}

/**
 * The main image's file name for `imagem`, or why it cannot be told (pt-BR).
 * An `imagem` in article.json (never in the old format, but a hand may have
 * added it) is kept if the check would accept it; an empty one is no name.
 */
function mainImage(dir: string, named: unknown): { name: string } | { why: string } {
  if (named !== undefined && named !== null && !(typeof named === 'string' && named.trim() === '')) {
    const found = namedImage(dir, named);
    return 'image' in found ? { name: (named as string).trim() } : { why: `${FIELDS_FILE}: ${withHint(found.fault)}` };
  }
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const main = files.filter((name) => IMAGE_EXTENSIONS.includes(OLD_IMAGE_NAME.exec(name)?.[1]?.toLowerCase() ?? ''));
  if (main.length > 1) return { why: `há ${main.length} imagens principais (${main.join(', ')}): deixe só uma e rode de novo` };
  const [name] = main;
  if (name !== undefined) return { name };
  const others = files.filter((file) => OLD_IMAGE_NAME.test(file) || LOOKS_LIKE_IMAGE.test(file.toLowerCase()));
  return {
    why:
      others.length > 0
        ? `falta a imagem principal: a pasta tem ${others.join(', ')}, mas nenhuma chamada ${OLD_IMAGE_NAMES}, como o formato antigo a lia; renomeie a imagem principal assim (convertendo-a antes, se for de outro formato) e rode de novo`
        : `falta a imagem principal: ponha-a na pasta como ${OLD_IMAGE_NAMES} e rode de novo`,
  };
}

/** The fields with `imagem` after `data`, where content:new writes it. */
function withImage(fields: Record<string, unknown>, image: string): Record<string, unknown> {
  const { [IMAGE_FIELD]: _, ...rest } = fields;
  const entries = Object.entries(rest);
  entries.splice(entries.findIndex(([name]) => name === 'data') + 1 || entries.length, 0, [IMAGE_FIELD, image]);
  return Object.fromEntries(entries);
}

/** One folder converted, or why it was not (pt-BR, for the editor). */
function convertFolder(dir: string): { ok: true } | { ok: false; why: string } {
  if (existsSync(join(dir, MARKDOWN_FILE))) return { ok: false, why: `já tem ${MARKDOWN_FILE}: nada a converter` };
  if (!existsSync(join(dir, FIELDS_FILE)) || !existsSync(join(dir, BODY_FILE)))
    return { ok: false, why: `precisa de ${FIELDS_FILE} e ${BODY_FILE}` };
  const json = readText(dir, FIELDS_FILE);
  if ('why' in json) return { ok: false, why: json.why };
  let fields: unknown;
  try {
    fields = JSON.parse(json.text);
  } catch (error) {
    return { ok: false, why: `${withHint(explainJsonError(json.text, FIELDS_FILE, (error as Error).message))}; corrija-o e rode de novo` };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    return { ok: false, why: `${FIELDS_FILE} não tem os campos entre { }` };
  const record = fields as Record<string, unknown>;
  const image = mainImage(dir, record[IMAGE_FIELD]);
  if ('why' in image) return { ok: false, why: image.why };
  const html = readText(dir, BODY_FILE);
  if ('why' in html) return { ok: false, why: html.why };
  const tree = readLiveBody(html.text);
  if (tree === null) return { ok: false, why: `${BODY_FILE} passa do tamanho ou da profundidade que um artigo aceita` };
  // Image addresses stay as written (imagens/<file> in a folder): the check reads them the same way in Markdown.
  const markdown = bodyMarkdown(tree, (src) => src);
  const front = stringify(withImage(record, image.name), { lineWidth: 0 });
  writeFileSync(join(dir, MARKDOWN_FILE), `---\n${front}---\n\n${markdown}`);
  rmSync(join(dir, FIELDS_FILE));
  rmSync(join(dir, BODY_FILE));
  return { ok: true };
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('uso: npm run content:convert -- <pasta do artigo>...');
  exitAfterOutput(2);
} else {
  let failed = 0;
  for (const dir of folders) {
    const result = convertFolder(dir);
    if (result.ok) console.log(`${dir}: convertido para ${MARKDOWN_FILE} (${FIELDS_FILE} e ${BODY_FILE} apagados)`);
    else {
      failed++;
      console.error(`${dir}: não convertido: ${result.why}`);
    }
  }
  if (failed < folders.length) console.log(`Confira o resultado: npm run content:check -- ${folders.join(' ')}`);
  exitAfterOutput(failed > 0 ? 1 : 0);
}
