import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTitleSearch, SEARCH_DELAY_MS } from '../../client/newsroom/editor/title-search';
import type { TitledArticle } from '../../src/newsroom/shared/names';

type Asked = { url: string; resolve: (response: Response) => void; signal: AbortSignal };

let asked: Asked[];
beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          asked.push({ url, resolve, signal: init.signal! });
        }),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (artigos: unknown, status = 200) =>
  new Response(JSON.stringify(status === 200 ? { artigos } : { error: artigos }), { status });
const settle = () => vi.advanceTimersByTimeAsync(0);

function panel() {
  const picked: TitledArticle[] = [];
  const search = createTitleSearch('/redacao/no-ar/titulos', (article) => picked.push(article));
  document.body.replaceChildren(search.element);
  const titles = () => [...search.element.querySelectorAll('button')].map((button) => button.textContent);
  const state = () => search.element.querySelector('.nr-ed-found-state')?.textContent;
  return { search, picked, titles, state };
}

describe("the link panel's list of the site's articles", () => {
  it('asks once the typing pauses, with the words encoded, and lists what comes back to pick', async () => {
    const { search, picked, titles, state } = panel();
    search.find('jur');
    search.find('juros & taxas');
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(asked.map((a) => a.url)).toEqual(['/redacao/no-ar/titulos?busca=juros%20%26%20taxas']);
    asked[0]!.resolve(answer([{ titulo: 'Juros em queda', endereco: '/noticia/juros-em-queda' }]));
    await settle();
    expect(titles()).toEqual(['Juros em queda']);
    expect(state()).toBe('1 notícia: escolha para pôr o link.');
    expect(search.first()).toEqual({ titulo: 'Juros em queda', endereco: '/noticia/juros-em-queda' });
    search.element.querySelector('button')!.click();
    expect(picked).toEqual([{ titulo: 'Juros em queda', endereco: '/noticia/juros-em-queda' }]);
  });

  it('never shows an older answer over a newer question', async () => {
    const { search, titles } = panel();
    search.find('casas');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    search.find('casas de madeira');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(asked[0]!.signal.aborted).toBe(true);
    asked[1]!.resolve(answer([{ titulo: 'Casas de madeira', endereco: '/noticia/casas-de-madeira' }]));
    await settle();
    asked[0]!.resolve(answer([{ titulo: 'Casas antigas', endereco: '/noticia/casas-antigas' }]));
    await settle();
    expect(titles()).toEqual(['Casas de madeira']);
  });

  it('lists nothing for a few letters, says so when nothing matches or the search fails, and drops what is not an article of the site', async () => {
    const { search, titles, state } = panel();
    search.find('ca');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(asked).toHaveLength(0);
    search.find('casas');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    asked[0]!.resolve(answer([{ titulo: 'Fora', endereco: 'https://outro.site/x' }, { titulo: 7 }]));
    await settle();
    expect(titles()).toEqual([]);
    expect(state()).toBe('Nenhuma notícia publicada tem essas palavras no título.');
    search.find('casas velhas');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    asked[1]!.resolve(answer('A busca passa de 200 caracteres: use menos palavras do título.', 400));
    await settle();
    expect(state()).toBe('A busca passa de 200 caracteres: use menos palavras do título.');
    search.clear();
    expect(state()).toBe('');
    expect(search.first()).toBeUndefined();
  });
});
