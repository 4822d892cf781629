/**
 * `npm run content:convert -- <article folder>…`: an article folder in the old
 * format (`article.json` with the fields, `body.html` with the text) rewritten
 * as the one format the commands read, `index.md`: the same fields as its
 * front matter, the HTML as the Markdown the newsroom writes for a live
 * article (src/newsroom/live-draft/html-to-markdown.ts, which keeps as HTML
 * whatever Markdown cannot say the same way), and the main image the old
 * format held by its file name alone (`imagem.webp`) named in `imagem`. The
 * old files are removed once index.md is written; run `content:check` on the
 * folder after.
 */

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { MARKDOWN_FILE } from '../../src/checking/article-file.ts';
import { bodyMarkdown } from '../../src/newsroom/live-draft/html-to-markdown.ts';
import { readLiveBody } from '../../src/newsroom/live-draft/live-body.ts';
import { exitAfterOutput } from '../lib/exit.ts';

const FIELDS_FILE = 'article.json';
const BODY_FILE = 'body.html';
/**
 * The old format named no main image: the folder held it as `imagem.<ext>`.
 * index.md names it in `imagem`, which the check requires.
 */
const OLD_IMAGE_FILES = ['imagem.webp', 'imagem.avif', 'imagem.jpg', 'imagem.jpeg', 'imagem.png'];

/** One folder converted, or why it was not (pt-BR, for the editor). */
function convertFolder(dir: string): { ok: true } | { ok: false; why: string } {
  const fieldsPath = join(dir, FIELDS_FILE);
  const bodyPath = join(dir, BODY_FILE);
  if (existsSync(join(dir, MARKDOWN_FILE))) return { ok: false, why: `já tem ${MARKDOWN_FILE}: nada a converter` };
  if (!existsSync(fieldsPath) || !existsSync(bodyPath)) return { ok: false, why: `precisa de ${FIELDS_FILE} e ${BODY_FILE}` };
  let fields: unknown;
  try {
    fields = JSON.parse(readFileSync(fieldsPath, 'utf8'));
  } catch (error) {
    return {
      ok: false,
      why: `${FIELDS_FILE} não é um JSON válido (${error instanceof Error ? error.message : error}): corrija-o e rode de novo`,
    };
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    return { ok: false, why: `${FIELDS_FILE} não tem os campos entre { }` };
  const record = fields as Record<string, unknown>;
  if (record.imagem === undefined) {
    const image = OLD_IMAGE_FILES.find((name) => existsSync(join(dir, name)));
    if (!image) {
      return {
        ok: false,
        why: `falta a imagem principal: ponha-a na pasta como ${OLD_IMAGE_FILES[0]} (ou .jpg, .png, .avif) e rode de novo`,
      };
    }
    record.imagem = image;
  }
  const tree = readLiveBody(readFileSync(bodyPath, 'utf8'));
  if (tree === null) return { ok: false, why: `${BODY_FILE} passa do tamanho ou da profundidade que um artigo aceita` };
  // Image addresses stay as written (imagens/<file> in a folder): the check reads them the same way in Markdown.
  const markdown = bodyMarkdown(tree, (src) => src);
  writeFileSync(join(dir, MARKDOWN_FILE), `---\n${stringify(fields, { lineWidth: 0 })}---\n\n${markdown}`);
  rmSync(fieldsPath);
  rmSync(bodyPath);
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
