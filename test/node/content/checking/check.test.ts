import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '#src/checking/problems.ts';
import { shown } from '../../../../scripts/content/check/article-folder';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleFixture, body, cleanFixtures, GOOD, htmlBody, image, meta } from '../fixtures';

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);

async function problemsOf(dir: string, live = []): Promise<Problem[]> {
  return (await checkContent(dir, live, TODAY)).problems;
}

/** The single error a planted mistake must produce, with its field and message. */
async function expectError(dir: string, field: string, message: RegExp): Promise<void> {
  const errors = (await problemsOf(dir)).filter((p) => p.severity === 'error');
  expect(errors.map((e) => `[${e.field}] ${e.message}`)).toEqual([expect.stringMatching(message)]);
  expect(errors[0]!.field).toBe(field);
  expect(errors[0]!.hint.length).toBeGreaterThan(10);
}

describe('content check: good content', () => {
  it('accepts the bundled sample article and prepares it', async () => {
    const { problems, articles } = await checkContent(GOOD, [], TODAY);
    // Alone, its links to other sample articles cannot be verified: warnings, not errors.
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(problems.every((p) => p.field === 'body: link')).toBe(true);
    expect(articles[0]!.item).toMatchObject({
      slug: 'como-decorar-apartamentos-pequenos',
      data: '2025-04-28',
      htmlPath: expect.stringMatching(/^noticias\/como-decorar-apartamentos-pequenos\.[0-9a-f]{10}\.html$/),
      imagemAtual: expect.stringMatching(/^como-decorar-apartamentos-pequenos-[0-9a-f]{10}\.webp$/),
    });
  });

  it('accepts the whole bundled content folder', async () => {
    const { problems, articles } = await checkContent('content', [], TODAY);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(articles.length).toBeGreaterThanOrEqual(12);
  });

  it('accepts an allowed video embed', async () => {
    const dir = articleFixture('com-video', {
      body: body('<iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE" title="Vídeo"></iframe>'),
    });
    expect(await problemsOf(dir)).toEqual([]);
  });
});

describe('content check: one rule, one message', () => {
  it('a missing index.md', async () => {
    await expectError(articleFixture('x-sem-index', { files: { 'index.md': null } }), 'index.md', /^\[index\.md\] falta index\.md$/);
  });

  it('a folder in the old format (article.json + body.html) is told to convert, not read', async () => {
    const dir = articleFixture('formato-antigo', {
      files: { 'index.md': null, 'article.json': meta().replaceAll('---', ''), 'body.html': htmlBody() },
    });
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(articles).toEqual([]);
    expect(problems).toEqual([
      {
        severity: 'error',
        file: expect.stringMatching(/formato-antigo\/index\.md$/),
        field: 'index.md',
        message: 'esta pasta está no formato antigo (article.json + body.html)',
        hint: `converta-a com npm run content:convert -- ${shown(dir)}`,
      },
    ]);
  });

  it('a missing titulo', async () => {
    await expectError(
      articleFixture('sem-titulo', { fields: { titulo: undefined } }),
      'titulo',
      /falta o campo "titulo" \(ou está vazio\)/,
    );
  });

  it('a missing descricao', async () => {
    await expectError(
      articleFixture('sem-descricao', { fields: { descricao: '' } }),
      'descricao',
      /falta o campo "descricao" \(ou está vazio\)/,
    );
  });

  it('a title too long for cards and search results', async () => {
    await expectError(
      articleFixture('titulo-longo', { fields: { titulo: 'x'.repeat(91) } }),
      'titulo',
      /tem 91 caracteres; o esperado é de 20 a 90/,
    );
  });

  it('a description too short', async () => {
    await expectError(
      articleFixture('descricao-curta', { fields: { descricao: 'Curta demais.' } }),
      'descricao',
      /tem 13 caracteres; o esperado é de 50 a 160/,
    );
  });

  it.each(['2025-02-30', '2025-13-01'])('data %j that is not a real calendar date', async (data) => {
    await expectError(articleFixture('data-ruim', { fields: { data } }), 'data', /não é uma data do calendário/);
  });

  it.each(['Casa_Nova', 'casa--nova', 'casa-nova-', 'ção'])('a folder name %j that is not a valid slug', async (slug) => {
    await expectError(articleFixture(slug), 'slug', /não é um slug válido/);
  });

  it('a slug field that disagrees with the folder', async () => {
    await expectError(
      articleFixture('pasta-certa', { fields: { slug: 'outro-slug' } }),
      'slug',
      /"slug" é "outro-slug", mas a pasta é "pasta-certa"/,
    );
  });

  it('an empty body', async () => {
    await expectError(articleFixture('corpo-vazio', { body: '<p></p>' }), 'body', /tem 0 palavras; um artigo tem pelo menos 80/);
  });

  it.each([
    ['script', '<script>alert(1)</script>'],
    ['object', '<object data="x.swf"></object>'],
    ['embed', '<embed src="x.swf">'],
    ['style', '<style>p{}</style>'],
    ['form', '<form action="/x"></form>'],
  ])('a <%s> element', async (tag, markup) => {
    await expectError(
      articleFixture('elemento-proibido', { body: body(markup) }),
      `body: <${tag}>`,
      new RegExp(`<${tag}> não é permitido`),
    );
  });

  it('an iframe from a host that is not allow-listed', async () => {
    await expectError(
      articleFixture('iframe', { body: body('<iframe src="https://www.youtube.com/embed/x"></iframe>') }),
      'body: <iframe>',
      /não é um vídeo que o site aceite/,
    );
  });

  it('an event handler attribute', async () => {
    await expectError(
      articleFixture('onclick', { body: body('<p onmouseover="x()">t</p>') }),
      'body: onmouseover=',
      /atributo de evento onmouseover=/,
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', ' JAVASCRIPT:x', '&#106;avascript:x', 'java&Tab;script:x'])(
    'a %j URL',
    async (href) => {
      await expectError(articleFixture('url', { body: body(`<p><a href="${href}">x</a></p>`) }), 'body: href=', /não é um endereço da web/);
    },
  );

  it.each([
    ['style', '<p style="color:red">x</p>'],
    ['class', '<p class="adsbygoogle">x</p>'],
  ])('a %s= attribute is taken out before publishing, with a warning (pasted-markup.ts)', async (_, markup) => {
    const { problems, articles } = await checkContent(articleFixture('atributo', { body: body(markup) }), [], TODAY);
    expect(problems.filter((p) => p.field.startsWith('body')).map((p) => [p.severity, p.field, p.message])).toEqual([
      ['warning', 'body: colado', expect.stringMatching(/^linha 17: removido 1 atributo de formatação/)],
    ]);
    expect(articles[0]!.body).toContain('<p>x</p>');
  });

  it.each([
    ['id', '<h2 id="adsense-loader">x</h2>'],
    ['name', '<a name="cookie" href="/">x</a>'],
    ['data-ad-client', '<p data-ad-client="ca-pub-1">x</p>'],
  ])('a %s= attribute, which articles may not carry', async (attribute, markup) => {
    await expectError(
      articleFixture('atributo', { body: body(markup) }),
      `body: ${attribute}=`,
      new RegExp(`${attribute}= .*não é permitido`),
    );
  });

  it('a CDATA section, which browsers end at the first ">"', async () => {
    const problems = await problemsOf(articleFixture('cdata', { body: body('<![CDATA[><img src=x onerror=alert(1)>]]>') }));
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([
      expect.stringMatching(/linha \d+: uma seção CDATA/),
      expect.stringMatching(/linha \d+: <img src="x"> não é uma imagem deste artigo/),
    ]);
  });

  it('a body over the size limit, without parsing it', async () => {
    const huge = body(`<p>${'palavra '.repeat(40_000)}</p>`);
    await expectError(articleFixture('enorme', { body: huge }), 'body', /o texto tem \d+ KB; o máximo é 256 KB/);
  });

  it('an unclosed element', async () => {
    await expectError(
      articleFixture('aberto', { body: body('<ul><li><strong>item</li></ul>') }),
      'body: <strong>',
      /<strong> não foi fechado/,
    );
  });

  it('a stray closing tag', async () => {
    await expectError(articleFixture('sobra', { body: body('</div>') }), 'body: </div>', /1 fechamento <\/div> sem a abertura <div>/);
  });

  it('an <h1> in the body', async () => {
    await expectError(articleFixture('h1', { body: body('<h1>Outro título</h1>') }), 'body: <h1>', /<h1> no texto/);
  });

  it('a missing image', async () => {
    await expectError(
      articleFixture('sem-imagem', { files: { 'imagem.webp': null } }),
      'imagem',
      /"imagem" indica "imagem\.webp", mas não há esse arquivo na pasta/,
    );
  });

  it('an image that is not an image', async () => {
    await expectError(
      articleFixture('nao-imagem', { files: { 'imagem.webp': 'isto não é uma imagem' } }),
      'imagem',
      /não é uma imagem legível/,
    );
  });

  it('an image format that is not accepted', async () => {
    const dir = articleFixture('gif', { fields: { imagem: 'imagem.png' }, files: { 'imagem.webp': null } });
    writeFileSync(join(dir, 'imagem.png'), await image(1200, 675, 'gif'));
    await expectError(dir, 'imagem', /a imagem está em gif, formato que o site não aceita/);
  });

  it('an image too small', async () => {
    await expectError(
      articleFixture('pequena', { files: { 'imagem.webp': await image(640, 360) } }),
      'imagem',
      /640×360; o mínimo é 1200×675/,
    );
  });

  it('an image that is not 16:9', async () => {
    await expectError(articleFixture('quadrada', { files: { 'imagem.webp': await image(1200, 1200) } }), 'imagem', /não é 16:9/);
  });

  it('an image over the byte limit is published reduced, with a note (main-image.test.ts)', async () => {
    const big = Buffer.concat([await image(1200, 675), Buffer.alloc(1024 * 1024)]);
    const problems = await problemsOf(articleFixture('pesada', { files: { 'imagem.webp': big } }));
    expect(problems.filter((p) => p.field === 'imagem').map((p) => p.severity)).toEqual(['note']);
  });

  it('a title already used by another live article', async () => {
    const dir = articleFixture('copia', { fields: { titulo: 'Título que já existe no ar' } });
    const live = [
      {
        slug: 'original',
        titulo: 'Título que já existe no ar',
        descricao: 'd',
        data: '2025-01-01',
        imagemAtual: 'a.webp',
        htmlPath: 'noticias/original.html',
      },
    ];
    const errors = (await checkContent(dir, live, TODAY)).problems.filter((p) => p.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ field: 'titulo', message: 'o mesmo titulo já é usado por "original"' })]);
  });

  it('a link to an article that is not published is a warning', async () => {
    const problems = await problemsOf(articleFixture('link', { body: body('<p><a href="/noticia/nao-existe">x</a></p>') }));
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        field: 'body: link',
        message: 'linha 17: o link para /noticia/nao-existe não leva a nenhuma notícia publicada',
      }),
    ]);
  });

  it('reports every problem at once, each with its file', async () => {
    const dir = articleFixture('Varios_Erros', {
      fields: { titulo: 'curto', data: '2025-02-31' },
      body: body('<script>x</script><p onclick="y">z</p>'),
      files: { 'imagem.webp': await image(800, 800) },
    });
    const problems = await problemsOf(dir);
    const files = new Set(problems.map((p) => p.file.split('/').at(-1)));
    expect(problems.filter((p) => p.severity === 'error').length).toBeGreaterThanOrEqual(7);
    expect(files).toEqual(new Set(['Varios_Erros', 'index.md', 'imagem.webp']));
  });
});
