import { markdownReader } from '#shared/markdown-reader.ts';
import { countWords, minutesFor } from '#src/lib/reading-time.ts';

/**
 * The word count and reading time shown under the draft's text while it is
 * written (drafts/DraftPage.tsx, then client/newsroom/editor.ts as the
 * journalist types): the text read by the site's Markdown reader, its words
 * counted and its minutes rounded by the code that tells readers
 * (src/lib/reading-time.ts), so "3 min de leitura" here is what the article
 * page will say.
 */
let reader: ReturnType<typeof markdownReader> | null = null;

export function readingAids(markdown: string): { words: number; minutes: number; text: string } {
  reader ??= markdownReader();
  const words = markdown.trim() === '' ? 0 : countWords(reader.render(markdown));
  const minutes = minutesFor(words);
  // An empty text has no reading time to promise: "1 min" would be the page's floor, not this text's.
  if (words === 0) return { words, minutes, text: 'Nenhuma palavra ainda' };
  const counted = words === 1 ? '1 palavra' : `${words.toLocaleString('pt-BR')} palavras`;
  return { words, minutes, text: `${counted} · ${minutes} min de leitura` };
}
