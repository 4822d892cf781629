import { afterEach, describe, expect, it } from 'vitest';
import { TITLES_LISTED } from '#src/newsroom/links/article-titles.ts';
import { clearKv, newsItem, publishWithBodies, textOf } from '../helpers';
import { clearSearch, indexArticles } from '../search/search-helpers';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

/**
 * Links to the site's own articles from the editor: the link panel lists live
 * articles by words of their title (GET /redacao/no-ar/titulos), and the
 * draft's check warns about a link to /noticia/… that leads nowhere.
 */

const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);

const titles = async (query: string, token = chief) => {
  const response = await newsroomRequest(`/redacao/no-ar/titulos${query}`, { token, accept: 'application/json' });
  return { status: response.status, body: (await response.json()) as { artigos?: { titulo: string; endereco: string }[]; error?: string } };
};

describe("the link panel's list of articles", () => {
  it('finds live articles by the first letters of words of their title, in any order, however old, and gives their address', async () => {
    await indexArticles([
      { item: newsItem('telhado-verde-em-1998', { titulo: 'Telhados verdes em prédios antigos', data: '1998-05-04' }) },
      { item: newsItem('juros-em-queda', { titulo: 'Juros em queda mudam o financiamento' }) },
      // Scheduled: not an article a reader can open yet.
      { item: newsItem('agendado', { titulo: 'Telhados verdes no futuro', data: '2999-01-01' }) },
    ]);
    try {
      const found = await titles('?busca=predi%20TELHA');
      expect(found.status).toBe(200);
      expect(found.body.artigos).toEqual([{ titulo: 'Telhados verdes em prédios antigos', endereco: '/noticia/telhado-verde-em-1998' }]);
      // Words of the text alone, nothing typed, or only signs: nothing listed, never an error.
      for (const query of ['?busca=corpo', '', '?busca=', '?busca=%22*%20OR%20('])
        expect((await titles(query)).body).toEqual({ artigos: [] });
      // A colaborador links to articles too.
      await addPerson('colab@casaempauta.com.br', 'colaborador');
      const colab = await accessToken(keys, 'colab@casaempauta.com.br');
      expect((await titles('?busca=juros', colab)).body.artigos?.map((a) => a.endereco)).toEqual(['/noticia/juros-em-queda']);
    } finally {
      await clearSearch();
    }
  });

  it(`lists at most ${TITLES_LISTED}, newest first`, async () => {
    const many = Array.from({ length: TITLES_LISTED + 4 }, (_, i) => ({
      item: newsItem(`reforma-${i}`, { titulo: `Reforma de cozinha número ${i}`, data: `2024-01-${String(i + 1).padStart(2, '0')}` }),
    }));
    await indexArticles(many);
    try {
      const listed = (await titles('?busca=reforma')).body.artigos!;
      expect(listed).toHaveLength(TITLES_LISTED);
      expect(listed[0]!.endereco).toBe(`/noticia/reforma-${TITLES_LISTED + 3}`);
    } finally {
      await clearSearch();
    }
  });

  it('refuses a search past the bound with 400, and anyone outside the newsroom with 403', async () => {
    const long = await titles(`?busca=${'casa '.repeat(60)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('use menos palavras do título');
    const stranger = await newsroomRequest('/redacao/no-ar/titulos?busca=casa', { token: await accessToken(keys, 'leitor@example.com') });
    expect(stranger.status).toBe(403);
  });
});

describe('a link in the text to an article that does not exist', () => {
  afterEach(clearKv);

  /** A draft whose text links to a live article and to one the site does not have; its address. */
  async function draftWithLinks(): Promise<string> {
    await publishWithBodies(newsItem('juros-em-queda', { titulo: 'Juros em queda mudam o financiamento' }));
    const path = (await newsroomRequest('/redacao/rascunhos', { method: 'POST', token: chief })).headers.get('Location')!;
    const corpo = [
      'Veja [a queda dos juros](/noticia/juros-em-queda) e [o que mudou](/noticia/juros-em-queda#taxas).',
      '',
      'E [a matéria antiga](/noticia/materia-que-nao-existe?x=1), [a outra](https://exemplo.com/noticia/y) e [a home](/).',
    ].join('\n');
    const form = { versao: '1', titulo: 'Financiamento imobiliário fica mais barato', corpo };
    expect((await newsroomRequest(path, { method: 'POST', token: chief, form })).status).toBe(303);
    return path;
  }

  it("is a warning on the draft's page, in the journalist's words, only for the missing one", async () => {
    const page = await (await newsroomRequest(await draftWithLinks(), { token: chief })).text();
    expect(page).toContain('O link para /noticia/materia-que-nao-existe não leva a nenhuma notícia publicada: confira o endereço');
    expect(page).not.toContain('/noticia/juros-em-queda não leva');
    expect(page.match(/não leva a nenhuma notícia publicada/g)).toHaveLength(1);
  });

  it("is a warning (not an error) in the preview's check, with the line it is on", async () => {
    const preview = await textOf(await newsroomRequest(`${await draftWithLinks()}/previa`, { token: chief }));
    expect(preview).toMatch(
      /<li class="pv-warning"><strong>Aviso<\/strong> · Texto, linha 3: o link para \/noticia\/materia-que-nao-existe não leva a nenhuma notícia publicada/,
    );
    expect(preview).not.toContain('/noticia/juros-em-queda não leva');
  });
});
