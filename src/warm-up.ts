import type { Hono } from 'hono';
import { forgetSanitizedBodies } from './content/body/sanitize-html';
import { contentHash } from './content/index/content-hash';
import { buildIndex } from './content/index/index-build';
import { forgetLiveIndex } from './content/index/live-index';
import { bodyKey } from './content/schema/format';
import type { ThemeSlug } from './content/schema/themes';
import { PAGE_SIZE } from './lib/pagination';
import { INSTITUTIONAL_PAGES } from './pages/institutional/table';
import { articlePath } from './seo/urls';
import type { AppEnv } from './site/app-env';

/** A made-up article, only ever rendered during start-up. */
const SAMPLE = {
  slug: 'aquecimento',
  titulo: 'Aquecimento do isolate antes da primeira visita',
  descricao: 'Uma página de exemplo, nunca servida: percorre o mesmo código que as páginas de verdade.',
  // Start-up runs with the clock stopped at the epoch (Workers give no time before a request), and an
  // article dated after "now" is scheduled, hence a 404: the made-up one is dated just before it.
  data: '1969-12-31',
  imagemAtual: 'aquecimento-0000000000.webp',
  htmlPath: bodyKey('aquecimento'),
  // The optional fields a real article has, so the page takes their branches too.
  subtitulo: 'Um subtítulo de exemplo, para a linha fina',
  alt: 'Sala de exemplo com sofá, estante e uma janela ampla',
  credito: 'Arquivo de exemplo',
  atualizado: '1969-12-31T18:00',
  correcao: 'Um exemplo de nota de correção, só para o aquecimento.',
  autor: 'autora-de-exemplo',
  temas: ['decoracao', 'arquitetura'] as ThemeSlug[],
};

/** The made-up article's author, in a made-up registry: the byline, its photo and link, as a real article has. */
const AUTHORS = {
  'autora-de-exemplo': {
    nome: 'Autora de Exemplo',
    cargo: 'Repórter de exemplo',
    bio: 'Uma autora inventada para o aquecimento do isolate: nunca aparece numa página servida.',
    foto: 'autora-de-exemplo-0000000000.webp',
  },
};

/**
 * The made-up article's body: the elements real bodies have (sections, lists,
 * a quotation, links, a figure with a site image, a table, a video embed that
 * becomes the site's facade), with accented Portuguese text, at about a real
 * body's length. The sanitizer (parse5 and the policy's walk, then the
 * reading time) is most of a first article request's work that a tiny body
 * leaves to the first reader: V8 compiles each tokenizer state and branch
 * the first time it runs, and optimizes only what runs often.
 */
const BODY = [
  '<p>Este texto é inventado: serve só para que o código de uma página de notícia rode uma vez antes da primeira visita. Ele imita um artigo de verdade, com parágrafos longos, acentuação, números como R$ 1.500 e 10% e termos como condomínio, financiamento e reforma.</p>',
  '',
  '<h2>Primeira seção: o que se planeja antes da obra</h2>',
  '',
  '<p>Um parágrafo com <strong>destaque em negrito</strong>, um trecho em <em>itálico</em>, um <a href="/sobre">link interno</a> e um <a href="https://www.exemplo.com.br/guia">link externo</a>. A cozinha, a sala e o banheiro pedem cuidados diferentes, e cada escolha pesa no orçamento e no prazo.</p>',
  '',
  '<ul>',
  '<li>Medir o ambiente e desenhar a planta.</li>',
  '<li>Listar as instalações: água, esgoto, gás e elétrica.</li>',
  '<li>Reservar de 10% a 15% para imprevistos.</li>',
  '</ul>',
  '',
  '<h3>Uma subseção com lista numerada</h3>',
  '',
  '<ol>',
  '<li>Demolição e remoção de entulho.</li>',
  '<li>Instalações e revestimentos.</li>',
  '<li>Marcenaria e acabamentos.</li>',
  '</ol>',
  '',
  '<blockquote><p>“Planejar com calma, antes de quebrar a primeira parede, é a forma mais segura de chegar ao fim da obra.”</p></blockquote>',
  '',
  '<figure>',
  '<img src="/thumbnails/aquecimento-figura-0000000000.webp" width="1600" height="800" alt="Planta de exemplo vista de cima, com a bancada e a janela">',
  '<figcaption>Uma legenda de exemplo, com a explicação da figura e o crédito da imagem.</figcaption>',
  '</figure>',
  '',
  '<h2>Segunda seção: quanto custa cada etapa</h2>',
  '',
  '<table>',
  '<caption>Custos de exemplo de uma reforma de 8 m² (valores inventados)</caption>',
  '<thead>',
  '<tr><th scope="col">Etapa</th><th scope="col">Econômico</th><th scope="col">Médio</th><th scope="col">Prazo</th></tr>',
  '</thead>',
  '<tbody>',
  '<tr><th scope="row">Demolição</th><td>R$ 1.500</td><td>R$ 2.500</td><td>3 a 5 dias</td></tr>',
  '<tr><th scope="row">Instalações</th><td>R$ 3.000</td><td>R$ 6.000</td><td>1 a 2 semanas</td></tr>',
  '<tr><th scope="row">Acabamentos</th><td>R$ 1.500</td><td>R$ 3.500</td><td>1 semana</td></tr>',
  '</tbody>',
  '</table>',
  '',
  '<p>Antes de contratar, peça o projeto com as medidas de cada módulo e um cronograma por etapa. O vídeo abaixo é um exemplo de incorporação: vira a capa do próprio site, que nada carrega antes do clique.</p>',
  '',
  '<iframe src="https://www.youtube-nocookie.com/embed/aquecimento" title="Vídeo de exemplo: a ordem das etapas de uma obra" allowfullscreen></iframe>',
  '',
  '<p>Por fim, um parágrafo de fechamento com mais texto corrido, para que a contagem de palavras do tempo de leitura percorra um corpo do tamanho de um artigo: reformas em apartamento seguem normas técnicas, precisam ser comunicadas ao condomínio e pedem um responsável técnico; com o projeto em mãos e o orçamento dividido por etapas, a obra tende a terminar no prazo.</p>',
].join('\n');

/** The pages a cold isolate is most often asked for first. */
const pathsOf = (article: { slug: string }) => ['/', articlePath(article), INSTITUTIONAL_PAGES.about.path];

/** Rounds of home, an article and `/sobre`: V8 keeps optimizing what keeps running, not only what ran once. */
const ROUNDS = 3;

/**
 * Articles rendered in all, each a made-up one with a body of its own (the
 * sanitizer keeps what it read by the body's text, and would not read the same
 * body again): the rounds' three, then three more alone. An article's first
 * request costs the most (parse5 and the policy's walk over a real body), and
 * the three more, each with its own body, cut a cold isolate's first article
 * request further (the bench's cold rows; docs/decisions/029-warm-up-at-start-up.md).
 */
const ARTICLES = 6;

/**
 * Serves pages of each kind from made-up content while the script loads.
 * V8 compiles a function the first time it runs, and optimizes what runs
 * often: without this, that compiling was most of a cold isolate's first
 * article request. Workers run the script's start-up before the first
 * request, under its own limit (1 s), so this moves that cost out of the
 * reader's request into start-up, which costs more for it (the bench's
 * render-CPU table; docs/decisions/029-warm-up-at-start-up.md).
 *
 * Nothing here outlives start-up: the stand-in store is in memory (no I/O,
 * which start-up forbids); the index is kept for 0 s and forgotten at the end,
 * with the sanitized made-up bodies, so the first real request reads the real
 * index. Start-up cannot create a Response either, so each
 * warm-up request fails at its very end, once the page is rendered: its env
 * carries the `WARM_UP` mark (src/site/app-env.ts), which no deployment's does, so
 * the error handler lets it fail without a log, and the failure is dropped here.
 */
export function warmUp(app: Hono<AppEnv>): void {
  // A full first page of cards, so the card code runs as often as in a real home page.
  const items = Array.from({ length: PAGE_SIZE }, (_, i) =>
    i === 0 ? SAMPLE : { ...SAMPLE, slug: `${SAMPLE.slug}-${i}`, htmlPath: bodyKey(`${SAMPLE.slug}-${i}`) },
  );
  const store = new Map<string, string>();
  const articles = items.slice(0, ARTICLES);
  // No vars: the site settings' defaults serve (bindings only exist per request).
  const warmEnv = {
    WARM_UP: true,
    EDGE_CACHE: 'off',
    NEWS_LIST_TTL_SECONDS: '0',
    NEWS: { get: async (key: string) => store.get(key) ?? null },
    ASSETS: { fetch: async () => new Response(null, { status: 404 }) },
  } as unknown as AppEnv['Bindings'];
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const serve = async (path: string) => {
    await (await app.fetch(new Request(`https://warm-up.invalid${path}`), warmEnv, ctx)).arrayBuffer();
  };
  const paths = [...articles.slice(0, ROUNDS).flatMap(pathsOf), ...articles.slice(ROUNDS).map(articlePath)];
  void (async () => {
    // Named by their real content hash: the worker checks every chunk it reads against its key.
    const index = buildIndex(items, contentHash, Date.now(), AUTHORS);
    for (const [key, value] of index) store.set(key, value);
    for (const [n, article] of articles.entries()) store.set(article.htmlPath, `${BODY}\n\n<p>Artigo ${n + 1}.</p>`);
    for (const path of paths) await serve(path).catch(() => {});
    // The made-up index must never stand in for the real one (the last good index, src/content/index/live-index.ts).
    forgetLiveIndex();
    forgetSanitizedBodies();
  })();
}
