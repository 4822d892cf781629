import { describe, expect, it } from 'vitest';
import { isValidSlug } from '#src/content/schema/format.ts';
import {
  cutAtWord,
  decodePostName,
  descriptionOf,
  footnotesOf,
  fullSizeImageUrl,
  plainText,
  siteSlugOf,
  slugChanged,
  wpDateToSite,
} from '../../../../../scripts/content/import/wordpress/wp-fields';

describe('siteSlugOf: the site’s slug for a post', () => {
  it.each([
    ['a plain post_name stays', 'reforma-de-cozinha', 'Qualquer título', 'reforma-de-cozinha'],
    ['percent-encoded accents are decoded, then dropped', 'constru%c3%a7%c3%a3o-a-seco', 'x', 'construcao-a-seco'],
    ['upper case is lowered', 'Casa-Nova-Em-MAIUSCULAS', 'x', 'casa-nova-em-maiusculas'],
    ['an emoji goes, with the hyphen it leaves', '%f0%9f%8f%a0-casa-nova', 'x', 'casa-nova'],
    ['underscores and runs of symbols are one hyphen', 'minha_casa--nova..2', 'x', 'minha-casa-nova-2'],
    ['a number alone is a slug', '2024', 'x', '2024'],
    ['invalid percent-encoding is read as written', '100%-natural', 'x', '100-natural'],
    ['the bin’s __trashed mark is not part of the address', 'post-na-lixeira__trashed', 'x', 'post-na-lixeira'],
    ['no post_name (a draft): from the title, as the newsroom makes one', '', 'Rascunho: sem nome, ainda!', 'rascunho-sem-nome-ainda'],
    ['a post_name of emoji only: from the title', '%f0%9f%8f%a0', 'Casa nova', 'casa-nova'],
  ])('%s', (_, postName, title, slug) => {
    expect(siteSlugOf(postName, title)).toBe(slug);
    expect(isValidSlug(slug)).toBe(true);
  });

  it('a very long one is cut at a hyphen, within 120 characters; one word longer than that is cut inside it', () => {
    const long = siteSlugOf('palavra-'.repeat(30).slice(0, -1), 'x');
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).toMatch(/^(?:palavra-)+palavra$/);
    expect(siteSlugOf('a'.repeat(200), 'x')).toBe('a'.repeat(120));
  });

  it('neither name nor title with a letter or digit: the fallback given', () => {
    expect(siteSlugOf('', '!!!')).toBe('sem-titulo');
    expect(siteSlugOf('', '', 'post-12')).toBe('post-12');
  });

  it('tells when the slug is not the decoded post_name, so the old address gets a redirect', () => {
    expect(decodePostName('constru%c3%a7%c3%a3o-a-seco')).toBe('construção-a-seco');
    expect(slugChanged('constru%c3%a7%c3%a3o-a-seco', 'construcao-a-seco')).toBe(true);
    expect(slugChanged('Casa-Nova', 'casa-nova')).toBe(true);
    expect(slugChanged('reforma-de-cozinha', 'reforma-de-cozinha')).toBe(false);
    // A draft without a name had no address.
    expect(slugChanged('', 'rascunho-sem-nome')).toBe(false);
  });
});

describe('descriptionOf: the site’s 50 to 160 characters', () => {
  const body = 'A cozinha pesa no orçamento. Planejar evita retrabalho e desperdício de material na obra. Depois vem o acabamento.';
  const item = (meta: Record<string, string>, excerpt = '') => ({ meta, excerpt });

  it('Yoast’s description first, then Rank Math’s, then the excerpt, then the body', () => {
    const yoast = 'Como reformar a cozinha sem surpresas: layout, materiais e orçamento.';
    const rank = 'O steel frame encurta a obra pela metade e reduz o entulho gerado.';
    const excerpt = 'Um roteiro para reformar a cozinha, da planta ao acabamento final.';
    expect(descriptionOf(item({ _yoast_wpseo_metadesc: yoast, rank_math_description: rank }, excerpt), body)).toEqual({
      text: yoast,
      source: 'yoast',
    });
    expect(descriptionOf(item({ rank_math_description: rank }, excerpt), body)).toEqual({ text: rank, source: 'rankmath' });
    expect(descriptionOf(item({}, excerpt), body)).toEqual({ text: excerpt, source: 'excerpt' });
    expect(descriptionOf(item({}), body)).toEqual({
      text: 'A cozinha pesa no orçamento. Planejar evita retrabalho e desperdício de material na obra.',
      source: 'body',
    });
  });

  it('skips a template (%%title%%, %sitename%, %customfield(x)%), a blank value and one too short', () => {
    const excerpt = 'Um roteiro para reformar a cozinha, da planta ao acabamento final.';
    expect(descriptionOf(item({ _yoast_wpseo_metadesc: '%%title%% %%sep%% %%sitename%%' }, excerpt), body).source).toBe('excerpt');
    expect(
      descriptionOf(item({ rank_math_description: 'Leia %title% no %sitename%, o melhor site de reformas do Brasil' }, excerpt), body)
        .source,
    ).toBe('excerpt');
    expect(
      descriptionOf(item({ rank_math_description: '%customfield(resumo)% e mais um texto longo o bastante para passar' }, excerpt), body)
        .source,
    ).toBe('excerpt');
    expect(descriptionOf(item({ _yoast_wpseo_metadesc: '   ' }, excerpt), body).source).toBe('excerpt');
    expect(descriptionOf(item({ _yoast_wpseo_metadesc: 'Curta demais.' }, excerpt), body).source).toBe('excerpt');
    expect(descriptionOf(item({}, 'Curto.'), body).source).toBe('body');
  });

  it('keeps a percentage, which is no template', () => {
    const text = 'Os juros caíram de 10% ao ano para 9% ao ano, e o financiamento ficou mais barato.';
    expect(descriptionOf(item({ _yoast_wpseo_metadesc: text }), body)).toEqual({ text, source: 'yoast' });
  });

  it('makes text of an excerpt’s HTML and entities', () => {
    const excerpt = '<p>Constru&ccedil;&atilde;o a seco &amp; <strong>steel frame</strong>: prazos, custos e cuidados na obra.</p>';
    expect(descriptionOf(item({}, excerpt), body).text).toBe('Construção a seco & steel frame: prazos, custos e cuidados na obra.');
  });

  it('cuts a long one at a word, with "…", within 160 characters', () => {
    const long = `${'Uma frase comprida sobre reformas de cozinha '.repeat(6)}fim.`;
    const { text } = descriptionOf(item({ _yoast_wpseo_metadesc: long }), body);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.length).toBeGreaterThanOrEqual(150);
    expect(text).toMatch(/ [a-z]+…$/);
    expect(descriptionOf(item({}), `${'Palavra '.repeat(40)}fim.`).text).toMatch(/^(?:Palavra )+Palavra…$/);
  });

  it('from a body shorter than 50 characters, what there is', () => {
    expect(descriptionOf(item({}), 'Texto curto.')).toEqual({ text: 'Texto curto.', source: 'body' });
  });
});

describe('wpDateToSite: the day and São Paulo time', () => {
  it('from the GMT date, as São Paulo’s wall clock (its old summer time too)', () => {
    expect(wpDateToSite('2019-05-12 17:30:00', '2019-05-12 14:30:00')).toBe('2019-05-12T14:30');
    expect(wpDateToSite('2019-05-13 01:00:00', '2019-05-12 22:00:00')).toBe('2019-05-12T22:00');
    expect(wpDateToSite('2018-01-15 12:00:00', '')).toBe('2018-01-15T10:00');
  });

  it('without one (a draft’s 0000-00-00), from the local date; null without either', () => {
    expect(wpDateToSite('0000-00-00 00:00:00', '2024-03-01 09:15:42')).toBe('2024-03-01T09:15');
    expect(wpDateToSite('', '2024-03-01 09:15:42')).toBe('2024-03-01T09:15');
    expect(wpDateToSite('0000-00-00 00:00:00', '0000-00-00 00:00:00')).toBeNull();
  });
});

describe('the small texts', () => {
  it('plainText decodes entities once and drops tags', () => {
    expect(plainText('Casa &amp; Obra')).toBe('Casa & Obra');
    expect(plainText('<em>Casa</em>\n nova &amp;amp; <script>x</script>velha')).toBe('Casa nova &amp; velha');
  });

  it('cutAtWord cuts at the last word that fits, punctuation at the cut dropped', () => {
    expect(cutAtWord('Um texto curto', 20)).toBe('Um texto curto');
    expect(cutAtWord('Um texto, longo demais', 12)).toBe('Um texto…');
    expect(cutAtWord('Supercalifragilístico', 10)).toBe('Supercali…');
  });

  it('fullSizeImageUrl is the file WordPress resized an image from', () => {
    expect(fullSizeImageUrl('https://c.com.br/wp-content/uploads/2019/05/sala-1024x576.jpg')).toBe(
      'https://c.com.br/wp-content/uploads/2019/05/sala.jpg',
    );
    expect(fullSizeImageUrl('/wp-content/uploads/2020/01/laje-scaled.JPG?v=2')).toBe('/wp-content/uploads/2020/01/laje.JPG?v=2');
    expect(fullSizeImageUrl('/wp-content/uploads/2020/01/casa-2020.jpg')).toBe('/wp-content/uploads/2020/01/casa-2020.jpg');
  });

  it('footnotesOf reads the block editor’s footnotes meta, and nothing from a value it cannot read', () => {
    expect(footnotesOf({ footnotes: '[{"content":"Nota.","id":"a1"},{"id":2}]' })).toEqual([{ id: 'a1', content: 'Nota.' }]);
    expect(footnotesOf({ footnotes: '{quebrado' })).toEqual([]);
    expect(footnotesOf({})).toEqual([]);
  });
});
