import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MARKDOWN_FILE } from '#src/checking/article-file.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { readSample } from '../../../fixtures/sample-article';
import { PROCESS_TEST_TIMEOUT_MS } from '../../processes';
import { cleanFixtures, tempFolder } from '../fixtures';

afterAll(cleanFixtures);

/** The richest sample: a figure with its caption, a table kept as HTML, a video, footnotes, an author and themes. */
const SAMPLE = 'content/reforma-de-cozinha-planejamento-e-custos';
const SAMPLE_IMAGE = readFileSync(join(SAMPLE, 'imagem.webp'));
const TODAY = new Date('2026-01-02T12:00:00Z');

const convert = (...folders: string[]) =>
  spawnSync('node_modules/.bin/tsx', ['scripts/content/convert.ts', ...folders], { encoding: 'utf8', timeout: PROCESS_TEST_TIMEOUT_MS });

/** How an old-format folder held its fields and its main image. */
interface OldFolder {
  /**
   * Fields over the sample's in article.json. The old format had no `imagem`
   * field (its check refused unknown keys), so the sample's is left out
   * unless given here.
   */
  fields?: Record<string, unknown>;
  /** The folder's image files beside article.json, by name (the sample's imagem.webp when not given). */
  images?: Record<string, 'webp' | 'jpeg' | 'png' | 'gif'>;
  /** article.json and body.html saved with a byte order mark, as Windows Notepad does: the old format read them. */
  bom?: boolean;
}

/** The sample as a folder of the old format: its fields as article.json, its text as the HTML it became, its image(s). */
async function oldFormatCopy({ fields = {}, images = { 'imagem.webp': 'webp' }, bom = false }: OldFolder = {}): Promise<string> {
  const dir = join(tempFolder(), 'reforma-de-cozinha-planejamento-e-custos');
  cpSync(SAMPLE, dir, { recursive: true });
  const sample = readSample(SAMPLE);
  rmSync(join(dir, MARKDOWN_FILE));
  rmSync(join(dir, 'imagem.webp'));
  for (const [name, format] of Object.entries(images))
    writeFileSync(join(dir, name), format === 'webp' ? SAMPLE_IMAGE : await sharp(SAMPLE_IMAGE).toFormat(format).toBuffer());
  const { imagem: _, ...unnamed } = sample.fields;
  const json = JSON.stringify({ ...unnamed, ...fields }, null, 2);
  writeFileSync(join(dir, 'article.json'), bom ? `\uFEFF${json}` : json);
  const html = markdownToHtml(sample.body).html;
  writeFileSync(join(dir, 'body.html'), bom ? `\uFEFF${html}` : html);
  return dir;
}

/** The shapes an old folder's main image could take, each with the file the converted article must show. */
const CONVERTIBLE: [string, OldFolder, string][] = [
  ['only the file imagem.webp, as the old format held it', {}, 'imagem.webp'],
  ['only the file imagem.jpg', { images: { 'imagem.jpg': 'jpeg' } }, 'imagem.jpg'],
  ['only the file imagem.png', { images: { 'imagem.png': 'png' } }, 'imagem.png'],
  [
    'only the file Imagem.JPG, as a camera or Windows names it (the old format read any case)',
    { images: { 'Imagem.JPG': 'jpeg' } },
    'Imagem.JPG',
  ],
  ['named in article.json', { fields: { imagem: 'imagem.webp' } }, 'imagem.webp'],
  ['named in article.json, under another file name', { fields: { imagem: 'capa.jpg' }, images: { 'capa.jpg': 'jpeg' } }, 'capa.jpg'],
  ['"imagem": null in article.json, the file beside it', { fields: { imagem: null } }, 'imagem.webp'],
  ['"imagem": "" in article.json, the file beside it', { fields: { imagem: '' }, images: { 'imagem.png': 'png' } }, 'imagem.png'],
  ['the file imagem.webp, article.json and body.html saved with a byte order mark', { bom: true }, 'imagem.webp'],
];

describe('npm run content:convert', () => {
  it.each(CONVERTIBLE)(
    'main image as %s: index.md that content:check accepts, the same article with the same image, the old files removed',
    async (_, shape, imageFile) => {
      const dir = await oldFormatCopy(shape);
      const run = convert(dir);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('convertido para index.md');
      expect(existsSync(join(dir, 'article.json'))).toBe(false);
      expect(existsSync(join(dir, 'body.html'))).toBe(false);
      // What `npm run content:check` runs, against a live list and registry without this article.
      const [converted, original] = await Promise.all([
        checkContent(dir, [], TODAY, { liveAuthors: ['camila-nogueira'] }),
        checkContent(SAMPLE, [], TODAY),
      ]);
      expect(converted.problems.filter((p) => p.severity === 'error')).toEqual([]);
      const [article] = converted.articles;
      const { imagemAtual: _image, ...fields } = article!.item;
      const { imagemAtual: _sampleImage, ...sampleFields } = original.articles[0]!.item;
      expect(fields).toEqual(sampleFields);
      expect(article!.body).toBe(original.articles[0]!.body);
      expect(Buffer.from(article!.image.bytes)).toEqual(readFileSync(join(dir, imageFile)));
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  /** Folders whose main image the converter cannot tell: each is refused in Portuguese, saying what to do, and left as it was. */
  const REFUSED: [string, OldFolder, string][] = [
    ['no image at all', { images: {} }, 'falta a imagem principal: ponha-a na pasta como imagem.webp'],
    [
      'images under other names, or in a format not accepted',
      { images: { 'foto.jpg': 'jpeg', 'imagem.gif': 'gif' } },
      'falta a imagem principal: a pasta tem foto.jpg, imagem.gif',
    ],
    [
      'two main images',
      { images: { 'imagem.jpg': 'jpeg', 'imagem.webp': 'webp' } },
      'há 2 imagens principais (imagem.jpg, imagem.webp): deixe só uma',
    ],
    [
      'a file article.json names and the folder lacks',
      { fields: { imagem: 'capa.jpg' } },
      'article.json: "imagem" indica "capa.jpg", mas não há esse arquivo na pasta',
    ],
  ];

  it.each(REFUSED)(
    'refuses a folder with %s, says why, and leaves it as it was',
    async (_, shape, why) => {
      const dir = await oldFormatCopy(shape);
      const before = readdirSync(dir).sort();
      const run = convert(dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`${dir}: não convertido: ${why}`);
      expect(readdirSync(dir).sort()).toEqual(before);
      expect(existsSync(join(dir, MARKDOWN_FILE))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'leaves a folder it cannot convert as it was, says why in Portuguese, and exits 1',
    async () => {
      const dir = await oldFormatCopy();
      writeFileSync(join(dir, 'article.json'), '{ "titulo": ');
      const run = convert(dir, SAMPLE);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('article.json não é um JSON válido');
      expect(run.stderr).toContain(`${SAMPLE}: não convertido: já tem index.md`);
      expect(existsSync(join(dir, 'body.html'))).toBe(true);
      expect(existsSync(join(dir, MARKDOWN_FILE))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
