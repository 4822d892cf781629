import type { TitledArticle } from '../../../src/newsroom/shared/names';
import { button, element } from './controls';

/** A pause in the typing before asking: one request per word or so, not per key. */
export const SEARCH_DELAY_MS = 250;
/** Fewer characters list too much to be of use. */
const MIN_CHARS = 3;

/**
 * The link panel's list of the site's articles whose title has the words
 * typed: asked of the newsroom after a pause in the typing, the answer to
 * an older question never shown over a newer one. Each article is a button;
 * `pick` links to it.
 */
export function createTitleSearch(url: string, pick: (article: TitledArticle) => void) {
  const root = element('div', 'nr-ed-found');
  const state = element('p', 'nr-ed-found-state');
  state.setAttribute('aria-live', 'polite');
  const list = element('ul', 'nr-ed-found-list');
  list.setAttribute('aria-label', 'Notícias do site');
  root.append(state, list);
  let found: TitledArticle[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | null = null;

  const show = (articles: TitledArticle[], said: string) => {
    found = articles;
    state.textContent = said;
    list.replaceChildren(
      ...articles.map((article) => {
        const item = element('li', '');
        const choice = button(article.titulo, `${article.titulo} (${article.endereco})`);
        choice.classList.add('nr-ed-found-choice');
        choice.addEventListener('click', () => pick(article));
        choice.addEventListener('keydown', (event) => {
          const items = [...list.querySelectorAll('button')];
          const at = items.indexOf(choice);
          const next = event.key === 'ArrowDown' ? items[at + 1] : event.key === 'ArrowUp' ? items[at - 1] : undefined;
          if (next) {
            event.preventDefault();
            next.focus();
          }
        });
        item.append(choice);
        return item;
      }),
    );
  };

  async function ask(words: string) {
    asking?.abort();
    const controller = new AbortController();
    asking = controller;
    try {
      const response = await fetch(`${url}?busca=${encodeURIComponent(words)}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      });
      const answer = (await response.json()) as { artigos?: unknown; error?: unknown };
      if (controller.signal.aborted) return;
      const articles = Array.isArray(answer.artigos) ? answer.artigos.filter(isTitled) : [];
      if (!response.ok) show([], typeof answer.error === 'string' ? answer.error : 'A busca não respondeu: escreva o endereço /noticia/….');
      else if (articles.length === 0) show([], 'Nenhuma notícia publicada tem essas palavras no título.');
      else show(articles, articles.length === 1 ? '1 notícia: escolha para pôr o link.' : `${articles.length} notícias: escolha uma.`);
    } catch {
      if (!controller.signal.aborted) show([], 'A busca não respondeu agora: tente de novo, ou escreva o endereço /noticia/….');
    }
  }

  return {
    element: root,
    /** Lists the articles for these words, after the pause; fewer than a few letters (or an address) clear the list. */
    find(words: string) {
      clearTimeout(timer);
      asking?.abort();
      if (Array.from(words).length < MIN_CHARS) {
        show([], '');
        return;
      }
      state.textContent = 'Buscando…';
      timer = setTimeout(() => void ask(words), SEARCH_DELAY_MS);
    },
    clear() {
      clearTimeout(timer);
      asking?.abort();
      show([], '');
    },
    /** The first article listed, if any (what Enter picks). */
    first: (): TitledArticle | undefined => found[0],
    /** Moves the focus into the list; false when it is empty. */
    focusFirst(): boolean {
      const first = list.querySelector('button');
      first?.focus();
      return first !== null;
    },
  };
}

const isTitled = (value: unknown): value is TitledArticle =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TitledArticle).titulo === 'string' &&
  typeof (value as TitledArticle).endereco === 'string' &&
  (value as TitledArticle).endereco.startsWith('/noticia/');
