import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { shareImageFile } from '#src/content/schema/image-variants.ts';
import { DraftsStore } from '#src/newsroom/drafts/drafts-store.ts';
import { bodyMarkdown } from '#src/newsroom/live-draft/html-to-markdown.ts';
import { readLiveBody } from '#src/newsroom/live-draft/live-body.ts';
import { mediaKey } from '#src/newsroom/media/media-store.ts';
import { shareImageOf, storedVariants } from '#src/newsroom/shared/media-names.ts';
import { figureFilesOf } from '#src/publishing/plan/figure-files.ts';
import { bundledNews, clearKv, failingKv, newsItem, ORIGIN, publishList } from '../helpers';
import { clearSearch, indexArticles } from '../search/search-helpers';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

/**
 * "Editar" on a live article makes (once) a draft of exactly what is live,
 * and the newsroom's list shows every article, drafts and live ones, with
 * their states.
 */

const drafts = new DraftsStore(env.DB);
const draftCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM newsroom_drafts').first<{ n: number }>())!.n;
const assetBytes = async (key: string) => new Uint8Array(await (await env.ASSETS.fetch(`${ORIGIN}/${key}`)).arrayBuffer());
const assetText = async (key: string) => (await env.ASSETS.fetch(`${ORIGIN}/${key}`)).text();
/** Two HTML texts compared as a browser reads them: white space between and inside tags is not a difference. */
const spaced = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
beforeEach(async () => {
  forgetLiveIndex();
  await env.DB.exec('DELETE FROM newsroom_revisions; DELETE FROM newsroom_drafts;');
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  vi.restoreAllMocks();
});

/** "Editar" as the button posts it; the answer's draft id (from its redirect), or null. */
async function edit(slug: string, token = chief): Promise<{ status: number; id: string | null }> {
  const response = await newsroomRequest(`/redacao/no-ar/${slug}/editar`, { method: 'POST', token });
  const id = /\/redacao\/rascunhos\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1] ?? null;
  return { status: response.status, id };
}

/** The database with its search index unreadable: the newsroom's own tables answer, a search throws as D1 does. */
const failingSearchDb = new Proxy(env.DB, {
  get(target, name) {
    if (name === 'prepare')
      return (sql: string) => {
        if (sql.includes('search_text')) throw new Error('D1_ERROR: no such table: search_text: SQLITE_ERROR');
        return target.prepare(sql);
      };
    const value = Reflect.get(target, name);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

const sample = async (slug: string) => (await bundledNews()).find((item) => item.slug === slug)!;

describe('"Editar" on a live article', () => {
  it('makes a draft of a bundled sample: its fields, its text as Markdown, its images in R2, linked to its address', async () => {
    const live = await sample('reforma-de-cozinha-planejamento-e-custos');
    const { status, id } = await edit(live.slug);
    expect(status).toBe(303);
    const draft = (await drafts.get(id!))!;
    expect(draft.slug).toBe(live.slug);
    expect(draft.publishedVersion).toBe(1);
    expect(draft.version).toBe(1);
    expect(draft.createdBy).toBe(CHIEF);
    const { titulo, descricao, data, alt, autor, temas } = live;
    expect(draft.fields).toMatchObject({ titulo, descricao, data, alt, autor, temas });

    // The text: Markdown, with the figure as an image line under its newsroom name, the table kept, the video as its address.
    const [figure] = figureFilesOf(live);
    const figureBytes = await assetBytes(`thumbnails/${figure}`);
    const figureName = `${contentHash(figureBytes)}.webp`;
    expect(draft.body).toContain('## Comece pelo layout: o triângulo de trabalho');
    expect(draft.body).toContain(`](imagens/${figureName} "Os três formatos mais comuns.`);
    expect(draft.body).toContain('https://www.youtube.com/watch?v=M7lc1UVf-VE "Vídeo: a ordem das etapas de uma reforma de cozinha"');
    expect(draft.body).not.toContain('<p>');
    expect(draft.body).not.toContain('/thumbnails/');

    // Both images and every WebP variant, in R2 under the newsroom's names, with the site's bytes.
    const mainBytes = await assetBytes(`thumbnails/${live.imagemAtual}`);
    const mainName = `${contentHash(mainBytes)}.webp`;
    expect(draft.fields.imagem).toBe(mainName);
    expect(new Uint8Array(await (await env.MEDIA.get(mediaKey(mainName)))!.arrayBuffer())).toEqual(mainBytes);
    for (const name of [mainName, figureName]) {
      for (const { file } of storedVariants(name)) expect(await env.MEDIA.head(mediaKey(file)), file).not.toBeNull();
    }
    // The main image's share image comes too, with the site's bytes: publishing the draft again keeps its og:image.
    const shareBytes = await assetBytes(`thumbnails/${shareImageFile(live.imagemAtual)}`);
    expect(new Uint8Array(await (await env.MEDIA.get(mediaKey(shareImageOf(mainName))))!.arrayBuffer())).toEqual(shareBytes);
    expect(await env.MEDIA.head(mediaKey(shareImageOf(figureName)))).toBeNull();

    // The form shows them, and the article's text; the preview renders it.
    const form = await (await newsroomRequest(`/redacao/rascunhos/${id}`, { token: chief })).text();
    expect(form).toContain(live.titulo);
    expect(form).toContain(`/redacao/midia/${mainName.replace('.webp', '-480w.webp')}`);
    expect(form).toContain(`/redacao/midia/${figureName.replace('.webp', '-480w.webp')}`);
    expect(form).not.toContain('não veio para a redação');
    const preview = await newsroomRequest(`/redacao/rascunhos/${id}/previa`, { token: chief });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Materiais que aguentam o dia a dia');
  });

  it('opens the same draft the second time, and any member may do it', async () => {
    const first = await edit('como-decorar-apartamentos-pequenos');
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const again = await edit('como-decorar-apartamentos-pequenos', await accessToken(keys, 'colab@casaempauta.com.br'));
    expect(again).toEqual(first);
    expect(await draftCount()).toBe(1);
  });

  it('two at once make one draft, and both open it', async () => {
    const [a, b] = await Promise.all([edit('como-usar-o-fgts-na-compra-do-imovel'), edit('como-usar-o-fgts-na-compra-do-imovel')]);
    expect(a.status).toBe(303);
    expect(a.id).not.toBeNull();
    expect(b.id).toBe(a.id);
    expect(await draftCount()).toBe(1);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM newsroom_revisions').first('n')).toBe(1);
  });

  it('an address that is not an article, or a GET, makes nothing: the 404 page', async () => {
    for (const slug of ['Nao_E_Endereco', 'artigo-que-nao-existe']) {
      const response = await newsroomRequest(`/redacao/no-ar/${slug}/editar`, { method: 'POST', token: chief });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Artigo não está no ar');
    }
    const viaGet = await newsroomRequest('/redacao/no-ar/como-decorar-apartamentos-pequenos/editar', { token: chief });
    expect(viaGet.status).toBe(404);
    const forged = await newsroomRequest('/redacao/no-ar/como-decorar-apartamentos-pequenos/editar', {
      method: 'POST',
      token: chief,
      xsrf: false,
    });
    expect(forged.status).toBe(403);
    expect(await draftCount()).toBe(0);
  });

  it('a live body nested past what the site accepts: a page that says so, no draft, no 500', async () => {
    const item = newsItem('fundo-demais', { htmlPath: 'noticias/fundo-demais.html' });
    await publishList([item]);
    await env.NEWS.put(item.htmlPath, `<p>${'<em>'.repeat(5000)}texto</p>`);
    const response = await newsroomRequest('/redacao/no-ar/fundo-demais/editar', { method: 'POST', token: chief });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('marcações encaixadas');
    expect(await draftCount()).toBe(0);
  });

  it('an image whose smaller versions the site lacks: the draft is made, and the form says what to send again', async () => {
    const body =
      '<p>Começo.</p>\n\n<figure>\n<img src="/thumbnails/sem-versoes-0123456789.webp" width="1600" height="900" alt="Uma planta baixa">\n</figure>';
    const item = newsItem('sem-versoes', { imagemAtual: 'sem-versoes-abcdef0123.webp', htmlPath: 'noticias/sem-versoes.html' });
    await publishList([item]);
    await env.NEWS.put(item.htmlPath, body);
    // The images themselves are there; their -480w/-800w/-1200w.webp are not.
    await env.NEWS.put('thumbnails/sem-versoes-abcdef0123.webp', new Uint8Array([1, 2, 3]));
    await env.NEWS.put('thumbnails/sem-versoes-0123456789.webp', new Uint8Array([4, 5, 6]));

    const { status, id } = await edit('sem-versoes');
    expect(status).toBe(303);
    const draft = (await drafts.get(id!))!;
    expect(draft.fields.imagem).toBeUndefined();
    expect(draft.body).toContain('![Uma planta baixa](/thumbnails/sem-versoes-0123456789.webp)');
    const form = await (await newsroomRequest(`/redacao/rascunhos/${id}`, { token: chief })).text();
    expect(form).toContain('A imagem principal do artigo no ar não veio para a redação');
    expect(form).toContain('Texto, linha 3: a imagem sem-versoes-0123456789.webp não veio para a redação');
    // Nothing of an image left half copied.
    for (const bytes of [
      [1, 2, 3],
      [4, 5, 6],
    ])
      expect(await env.MEDIA.head(mediaKey(`${contentHash(new Uint8Array(bytes))}.webp`))).toBeNull();
  });
});

describe('the live body as Markdown', () => {
  it('reads back, for every bundled sample, as the same HTML as live (images under their draft names)', async () => {
    for (const live of await bundledNews()) {
      const html = await assetText(live.htmlPath);
      const prefix = `/thumbnails/${live.slug}-`;
      const markdown = bodyMarkdown(readLiveBody(html)!, (src) => (src.startsWith(prefix) ? `imagens/${src.slice(prefix.length)}` : src));
      // Publishing names a draft's image by the article and gives it its size: the one way the two differ.
      const published = html.replace(/src="\/thumbnails\/[a-z0-9-]+-([0-9a-f]{10}\.webp)" width="\d+" height="\d+"/g, 'src="imagens/$1"');
      expect(spaced(markdownToHtml(markdown, live.titulo).html), live.slug).toBe(spaced(published));
    }
  });
});

describe('the Markdown forms of a body', () => {
  // Everything docs/editores.md teaches, and HTML that Markdown has no form for.
  const written = [
    'A cozinha pesa[^1] no orçamento[^2]; veja [o FGTS](/noticia/como-usar-o-fgts-na-compra-do-imovel "FGTS") e <u>isto</u>, *ênfase*, **forte**, ~~riscado~~, `código`, 1 < 2 & "aspas", \\* e H<sub>2</sub>O.',
    '3. três\n4. quatro\n   - dentro *dele*\n   - outro',
    '| Etapa | Custo |\n|---|---|\n| Demolição | R$ 1.500 [link](https://example.com) |\n| Barra \\| dentro | 2 * 3 |',
    'https://youtu.be/M7lc1UVf-VE "Vídeo: a obra"',
    '/alugar-ou-comprar?valor=650000&aluguel=3200 "Faça a conta com os números desta reportagem"',
    '/custos-da-compra',
    '![Planta da cozinha vista de cima](imagens/0123456789.webp "A legenda, com (parênteses)")',
    '> Uma citação de um parágrafo só.',
    '<dl>\n<dt>Termo</dt>\n<dd>Definição</dd>\n</dl>',
    'Linha com quebra\\\nna mesma frase.',
    '[^1]: Segundo orçamentos de *2025*.\n\n[^2]: Outra nota.',
  ].join('\n\n');

  it('reads back as the same HTML, and the published video facade is the video line again', () => {
    const html = markdownToHtml(written, 'Título').html;
    const markdown = bodyMarkdown(readLiveBody(html)!, (src) => src);
    expect(markdown).toContain('[^1]: Segundo orçamentos de *2025*.');
    expect(markdown).toContain('| Etapa');
    expect(spaced(markdownToHtml(markdown, 'Título').html)).toBe(spaced(html));

    const facade =
      '<a class="video-facade" href="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE" aria-label="Assistir ao vídeo: A obra"><span class="video-facade-play" aria-hidden="true"></span><span class="video-facade-title">A obra</span></a>';
    expect(bodyMarkdown(readLiveBody(facade)!, (src) => src)).toBe('https://www.youtube.com/watch?v=M7lc1UVf-VE "A obra"');
  });

  it("a published tool card is its address line again, with the article's words and not the tool's own", () => {
    const card = (href: string, text: string) =>
      `<p><a class="tool-card" href="${href}"><span class="tool-card-name">Ferramenta: x</span><span class="tool-card-text">${text}</span></a></p>`;
    expect(bodyMarkdown(readLiveBody(card('/custos-da-compra', 'ITBI em Curitiba'))!, (src) => src)).toBe(
      '/custos-da-compra "ITBI em Curitiba"',
    );
    const pitch = 'Compare o patrimônio de quem compra e de quem aluga, ano a ano.';
    expect(bodyMarkdown(readLiveBody(card('/alugar-ou-comprar', pitch))!, (src) => src)).toBe('/alugar-ou-comprar');
  });

  it('marks nested past three stay their tags, and a body nested past the policy is refused, not converted', () => {
    const html = `<p>${'<em>a '.repeat(30)}fim${'</em>'.repeat(30)}</p>`;
    const markdown = bodyMarkdown(readLiveBody(html)!, (src) => src);
    expect(markdown.startsWith('*a _a *a <em>a ')).toBe(true);
    expect(spaced(markdownToHtml(markdown).html)).toBe(spaced(html));
    expect(readLiveBody(`<p>${'<em>'.repeat(5000)}fim</p>`)).toBeNull();
  });
});

describe('the list of every article', () => {
  const future = '2099-11-28T09:00';

  it('shows drafts and live articles together, each state, filtered by state and author, searched without accents', async () => {
    const published = newsItem('decoracao-de-varandas', { titulo: 'Decoração de varandas pequenas e charmosas', autor: 'camila-nogueira' });
    const changed = newsItem('juros-em-queda', { titulo: 'Juros em queda mudam o financiamento', autor: 'rafael-moreira' });
    const scheduled = newsItem('feirao-de-imoveis', { titulo: 'Feirão de imóveis chega à capital', data: future });
    await publishList([published, changed, scheduled]);
    await Promise.all([published, changed, scheduled].map((item) => env.NEWS.put(item.htmlPath, '<p>Corpo do artigo.</p>')));

    const { id: changedId } = await edit(changed.slug);
    const draft = (await drafts.get(changedId!))!;
    await drafts.save(
      draft.id,
      1,
      { fields: { ...draft.fields, titulo: 'Juros em queda mudam o financiamento da casa' }, body: draft.body },
      CHIEF,
      Date.now(),
    );
    await drafts.create({ fields: { titulo: 'Um rascunho sobre telhados verdes' }, body: '' }, CHIEF, Date.now());
    const review = await drafts.create({ fields: { titulo: 'Guia de vistoria do imóvel' }, body: '' }, CHIEF, Date.now());
    await env.DB.prepare('UPDATE newsroom_drafts SET review_requested_by = ?1, review_requested_at = 1 WHERE id = ?2')
      .bind(CHIEF, review.id)
      .run();

    const list = await (await newsroomRequest('/redacao', { token: chief })).text();
    const rowOf = (title: string) => list.slice(list.indexOf(title)).split('</li>')[0]!;
    expect(rowOf('Decoração de varandas')).toContain('publicado');
    expect(rowOf('Decoração de varandas')).toContain('/redacao/no-ar/decoracao-de-varandas/editar');
    expect(rowOf('Juros em queda mudam o financiamento da casa')).toContain('alterado desde a publicação');
    expect(rowOf('Feirão de imóveis')).toContain('agendado para 28/11 às 09:00');
    expect(rowOf('Um rascunho sobre telhados verdes')).toContain('rascunho');
    expect(rowOf('Guia de vistoria')).toContain('em revisão');
    expect(list).toContain('5 artigos');

    const titles = async (query: string) => {
      const page = await (await newsroomRequest(`/redacao?${query}`, { token: chief })).text();
      return ['Decoração de varandas', 'Juros em queda', 'Feirão de imóveis', 'telhados verdes', 'Guia de vistoria'].filter((title) =>
        page.includes(title),
      );
    };
    expect(await titles('estado=alterado')).toEqual(['Juros em queda']);
    expect(await titles('estado=agendado')).toEqual(['Feirão de imóveis']);
    expect(await titles('estado=revisao')).toEqual(['Guia de vistoria']);
    expect(await titles('autor=camila-nogueira')).toEqual(['Decoração de varandas']);
    expect(await titles('busca=DECORACAO')).toEqual(['Decoração de varandas']);
    expect(await titles('busca=feirao+de+imoveis')).toEqual(['Feirão de imóveis']);
    expect(await titles('busca=nada+disso')).toEqual([]);
    // A state the list does not know is no filter at all.
    expect(await titles('estado=%3Cscript%3E')).toHaveLength(5);
  });

  it('finds a live article older than the newest it lists by the words of its title, through the search index', async () => {
    await publishList([newsItem('juros-em-queda', { titulo: 'Juros em queda mudam o financiamento' })]);
    // Indexed for search but not among the live index's newest: an article from deep in the archive.
    const old = newsItem('telhado-verde-em-1998', { titulo: 'Telhados verdes em prédios antigos', data: '1998-05-04' });
    await indexArticles([{ item: old }]);
    const page = async (query: string, overrides = {}) =>
      (await newsroomRequest(`/redacao${query}`, { token: chief, env: overrides })).text();
    try {
      expect(await page('')).not.toContain('Telhados verdes');
      const found = await page('?busca=telhados+PREDIOS');
      expect(found).toContain('Telhados verdes em prédios antigos');
      expect(found).toContain('/redacao/no-ar/telhado-verde-em-1998/editar');
      // Words of its text but not of its title do not bring it in.
      expect(await page('?busca=corpo')).not.toContain('Telhados verdes');
      // When the search index cannot answer, the list still shows what it has.
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const withoutSearch = await page('?busca=juros', { DB: failingSearchDb });
      expect(withoutSearch).toContain('Juros em queda');
    } finally {
      await clearSearch();
    }
  });

  it('lists the drafts, and says so, when the site cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await drafts.create({ fields: { titulo: 'Um rascunho sobre telhados verdes' }, body: '' }, CHIEF, Date.now());
    const response = await newsroomRequest('/redacao', { token: chief, env: { NEWS: failingKv } });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Um rascunho sobre telhados verdes');
    expect(page).toContain('Os artigos no ar não puderam ser lidos agora');
  });
});
