import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MARKDOWN_FILE } from '#src/checking/article-file.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { readSample } from '../../../fixtures/sample-article';
import { PROCESS_TEST_TIMEOUT_MS } from '../../processes';
import { cleanFixtures, tempFolder } from '../fixtures';

afterAll(cleanFixtures);

/** The richest sample: a figure with its caption, a table kept as HTML, a video, footnotes. */
const SAMPLE = 'content/reforma-de-cozinha-planejamento-e-custos';
const TODAY = new Date('2026-01-02T12:00:00Z');

const convert = (...folders: string[]) =>
  spawnSync('node_modules/.bin/tsx', ['scripts/content/convert.ts', ...folders], { encoding: 'utf8', timeout: PROCESS_TEST_TIMEOUT_MS });

/**
 * The sample as a folder of the old format: its fields as article.json, its text as the HTML it became.
 * `image`: how the old folder held the main image: named in the fields, or only as its file (`imagem.webp`,
 * as the old format had it), or not at all.
 */
function oldFormatCopy(image: 'named' | 'file only' | 'missing' = 'named'): string {
  const dir = join(tempFolder(), 'reforma-de-cozinha-planejamento-e-custos');
  cpSync(SAMPLE, dir, { recursive: true });
  const { fields, body } = readSample(SAMPLE);
  rmSync(join(dir, MARKDOWN_FILE));
  const { imagem: _, ...unnamed } = fields as Record<string, unknown>;
  if (image === 'missing') rmSync(join(dir, 'imagem.webp'));
  writeFileSync(join(dir, 'article.json'), JSON.stringify(image === 'named' ? fields : unnamed, null, 2));
  writeFileSync(join(dir, 'body.html'), markdownToHtml(body).html);
  return dir;
}

describe('npm run content:convert', () => {
  it.each(['named', 'file only'] as const)(
    'rewrites an old-format folder (main image %s) as index.md that publishes the same article, and removes the old files',
    async (image) => {
      const dir = oldFormatCopy(image);
      const run = convert(dir);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('convertido para index.md');
      expect(existsSync(join(dir, 'article.json'))).toBe(false);
      expect(existsSync(join(dir, 'body.html'))).toBe(false);
      const [converted, original] = await Promise.all([
        checkContent(dir, [], TODAY, { liveAuthors: ['camila-nogueira'] }),
        checkContent(SAMPLE, [], TODAY),
      ]);
      expect(converted.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(converted.articles[0]!.item).toEqual(original.articles[0]!.item);
      expect(converted.articles[0]!.body).toBe(original.articles[0]!.body);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a folder without its main image, naming the file to add, and leaves it as it was',
    () => {
      const dir = oldFormatCopy('missing');
      const run = convert(dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('falta a imagem principal: ponha-a na pasta como imagem.webp');
      expect(existsSync(join(dir, 'article.json'))).toBe(true);
      expect(existsSync(join(dir, MARKDOWN_FILE))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'leaves a folder it cannot convert as it was, says why in Portuguese, and exits 1',
    () => {
      const dir = oldFormatCopy();
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
