import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { sanitizeArticleHtml } from '#src/content/body/sanitize-html.ts';
import { readingAids } from '#src/newsroom/shared/reading-aids.ts';

/** What the article page will say for this Markdown: converted as publishing converts it, and sanitized as the page serves it. */
function pageMinutes(markdown: string): number {
  const ready = sanitizeArticleHtml(markdownToHtml(markdown).html, 'rascunho');
  if ('refused' in ready) throw new Error('refused');
  return ready.readingMinutes;
}

describe('the word count and reading time under the draft', () => {
  it('says the minutes the article page will say, at the edges of a minute too', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ');
    for (const n of [1, 199, 200, 201, 400, 401, 1234]) {
      const markdown = `## Um intertítulo\n\n${words(n)}\n\n- um **item** com [link](/noticia/x)\n\n| a | b |\n|---|---|\n| c | d |\n`;
      const aids = readingAids(markdown);
      expect(aids.minutes, `${n} words`).toBe(pageMinutes(markdown));
      expect(aids.words).toBe(n + 2 + 4 + 4);
    }
  });

  it("counts in pt-BR, and an empty text is 0 words and the page's least, 1 minute", () => {
    expect(readingAids('').text).toBe('Nenhuma palavra ainda');
    expect(readingAids(' \n\n ').text).toBe('Nenhuma palavra ainda');
    expect(readingAids('Uma').text).toBe('1 palavra · 1 min de leitura');
    expect(readingAids('casa '.repeat(1500)).text).toBe('1.500 palavras · 8 min de leitura');
  });
});
