import type { SearchDocument } from '../../../src/search/index-sql.ts';

/**
 * Made-up search documents for 100,000-article runs: the search bench
 * (search.ts) and the workerd scale test (test/worker/search/search.scale.test.ts)
 * index the same archive, so the figures of one speak for the other.
 */
export const SEARCH_TOPICS = ['financiamento', 'decoração', 'arquitetura', 'sustentabilidade', 'aluguel', 'investimentos', 'reforma'];

/**
 * Article i: about topic i mod 7, "juros" in every tenth, its own word
 * "código<i>", and a shared sentence; published at `published` (ms), its
 * `data` as given (a scheduled one's is later than now).
 */
export function generatedSearchDocument(
  i: number,
  { published, data, version }: { published: number; data: string; version: string },
): SearchDocument {
  const topic = SEARCH_TOPICS[i % SEARCH_TOPICS.length]!;
  const item = {
    slug: `artigo-${i}`,
    titulo: `Artigo número ${i} sobre ${topic}`,
    descricao: `Resumo do artigo ${i}.`,
    data,
    imagemAtual: 'como-decorar-apartamentos-pequenos-be2c843918.webp',
    htmlPath: `noticias/artigo-${i}.html`,
  };
  return {
    slug: item.slug,
    published,
    item: JSON.stringify(item),
    version,
    titulo: item.titulo,
    descricao: item.descricao,
    corpo: `Texto gerado sobre ${topic} para o código${i}. ${i % 10 === 0 ? 'Os juros subiram. ' : ''}${'Mercado imobiliário em movimento. '.repeat(8)}`,
  };
}
