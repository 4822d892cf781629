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

/** The sample as a folder of the old format: its fields as article.json, its text as the HTML it became. */
function oldFormatCopy(): string {
  const dir = join(tempFolder(), 'reforma-de-cozinha-planejamento-e-custos');
  cpSync(SAMPLE, dir, { recursive: true });
  const { fields, body } = readSample(SAMPLE);
  rmSync(join(dir, MARKDOWN_FILE));
  writeFileSync(join(dir, 'article.json'), JSON.stringify(fields, null, 2));
  writeFileSync(join(dir, 'body.html'), markdownToHtml(body).html);
  return dir;
}

describe('npm run content:convert', () => {
  it(
    'rewrites an old-format folder as index.md that publishes the same article, and removes the old files',
    async () => {
      const dir = oldFormatCopy();
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
