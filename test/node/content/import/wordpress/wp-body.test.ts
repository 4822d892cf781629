import { describe, expect, it } from 'vitest';
import {
  type ConvertedBody,
  convertWordPressBody,
  type WordPressBodyContext,
  WordPressBodyError,
} from '../../../../../scripts/content/import/wordpress/wp-body';
import { footnotesOf } from '../../../../../scripts/content/import/wordpress/wp-fields';
import { CLASSIC_BODY, FIXTURE_SITE, GUTENBERG_BODY, HOSTILE_BODY, UPLOADS } from '../../../../fixtures/wordpress/wxr-fixture';
import { siteErrors } from './site-check';

/** The old site's attachments: id → file and text alternative. */
const ATTACHMENTS = new Map([
  [201, { url: `${UPLOADS}/2018/03/steel-frame.jpg`, alt: 'Estrutura metálica de uma casa' }],
  [202, { url: `${UPLOADS}/2018/03/laje-scaled.jpg`, alt: '' }],
  [101, { url: `${UPLOADS}/2019/05/cozinha.jpg`, alt: 'Cozinha em L com ilha central' }],
]);

/** A post of the old site: `/AAAA/MM/<slug>/`. */
const OWN_POST = new RegExp(`^${FIXTURE_SITE.link.replaceAll('.', '\\.')}/\\d{4}/\\d{2}/([^/]+)/$`);

/** What the orchestration gives: images named in imagens/ by their file, the old site's posts at /noticia/<slug>. */
const CONTEXT: WordPressBodyContext = {
  imageSrc: (url) => `imagens/${url.split('/').pop()!.toLowerCase()}`,
  attachmentUrl: (id) => ATTACHMENTS.get(id)?.url ?? null,
  attachmentAlt: (id) => ATTACHMENTS.get(id)?.alt ?? null,
  linkTarget: (url) => {
    const slug = OWN_POST.exec(url)?.[1];
    return slug ? `/noticia/${slug}` : null;
  },
};

const convert = (content: string, context: Partial<WordPressBodyContext> = {}): ConvertedBody =>
  convertWordPressBody(content, { ...CONTEXT, ...context });

/** The converted body, asserting that the site's check finds no error in it. */
async function checked(content: string, context: Partial<WordPressBodyContext> = {}): Promise<ConvertedBody> {
  const body = convert(content, context);
  expect(await siteErrors(body.markdown)).toEqual([]);
  return body;
}

/** A shortcode's brackets anywhere in the Markdown, escaped or not. */
const SHORTCODE_BRACKETS = /\\?\[\/?(?:caption|gallery|embed|video|audio|vc_\w+|contact-form-7|toc|x)\b/;

describe('a block editor post', () => {
  it('is its blocks as the site’s Markdown, no block comment left, and passes the site’s check', async () => {
    const body = await checked(GUTENBERG_BODY);
    expect(body.markdown).not.toContain('wp:');
    expect(body.markdown).toBe(
      [
        'A cozinha é o cômodo que mais pesa no orçamento de uma reforma, e **planejar** antes de quebrar a primeira parede evita retrabalho e desperdício de material.',
        '## O layout',
        'O triângulo de trabalho liga a pia, o fogão e a geladeira; cada lado deve ter entre um metro e vinte e dois metros e setenta.',
        '![Cozinha em L com ilha central e bancada de madeira](imagens/cozinha-1024x576.jpg "A cozinha em L depois da reforma")',
        '- Demolição e retirada de entulho\n- Instalações *hidráulicas* e elétricas',
        '> Planejar antes de quebrar a primeira parede evita retrabalho.\n>\n> <cite>Ana Lima, arquiteta</cite>',
        '> O orçamento de uma cozinha começa pela planta.\n>\n> <cite>Carlos Souza</cite>',
        '| Etapa     | Custo    | Prazo      |\n| --------- | -------- | ---------- |\n| Demolição | R$ 1.500 | 3 a 5 dias |\n| Piso      | R$ 4.000 | 1 semana   |',
        '![Bancada de granito preto com cuba dupla](imagens/bancada-1024x683.jpg)',
        '![Armários verdes até o teto](imagens/armario-1024x683.jpg "Armários verdes até o teto")',
        'Detalhes da obra',
        '---',
        'https://www.youtube.com/watch?v=M7lc1UVf-VE "A ordem das etapas de uma reforma"',
        '[https://twitter.com/casaeobra/status/1234567890](https://twitter.com/casaeobra/status/1234567890)',
        'Bloco de HTML com <abbr title="Fundo de Garantia do Tempo de Serviço">FGTS</abbr> e cor.',
        'Veja também [como usar o FGTS](/noticia/como-usar-o-fgts) na compra do imóvel.',
      ].join('\n\n'),
    );
  });

  it('reports its images, embeds, links, what it dropped and the blocks that saved nothing', () => {
    const { markdown, text, ...report } = convert(GUTENBERG_BODY);
    expect(report).toEqual({
      images: [
        {
          url: `${UPLOADS}/2019/05/cozinha-1024x576.jpg`,
          alt: 'Cozinha em L com ilha central e bancada de madeira',
          caption: 'A cozinha em L depois da reforma',
          altSource: 'alt',
        },
        { url: `${UPLOADS}/2019/05/bancada-1024x683.jpg`, alt: 'Bancada de granito preto com cuba dupla', caption: '', altSource: 'alt' },
        {
          url: `${UPLOADS}/2019/05/armario-1024x683.jpg`,
          alt: 'Armários verdes até o teto',
          caption: 'Armários verdes até o teto',
          altSource: 'caption',
        },
      ],
      unknownShortcodes: [],
      removed: { 'inline-style': 2 },
      embeds: [
        { url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', kept: true },
        { url: 'https://twitter.com/casaeobra/status/1234567890', kept: false },
      ],
      linksRewritten: 1,
      dynamicBlocks: ['core/latest-posts'],
      missingAttachments: 0,
    });
    expect(text.split('\n')[0]).toMatch(/^A cozinha é o cômodo que mais pesa/);
  });

  it('gives the site’s heading levels: h1 becomes ##, h5 and h6 ####', async () => {
    const body = await checked('<!-- wp:heading {"level":1} --><h1>Título</h1><!-- /wp:heading --><h5>Menor</h5><h6>Mínimo</h6>');
    expect(body.markdown).toBe('## Título\n\n#### Menor\n\n#### Mínimo');
  });

  it('reads text outside any block (a classic post opened in the block editor) with WordPress’s paragraphs', async () => {
    expect(
      (await checked('Linha solta\ncontinua.\n\nOutro parágrafo.\n<!-- wp:paragraph --><p>Bloco.</p><!-- /wp:paragraph -->')).markdown,
    ).toBe('Linha solta\\\ncontinua.\n\nOutro parágrafo.\n\nBloco.');
  });

  it('keeps a table without a header row as a | table, its first row heading the columns, as a paste does', async () => {
    const body = await checked(
      '<!-- wp:table --><figure class="wp-block-table"><table><tbody><tr><td>Cômodo</td><td>Área</td></tr><tr><td>Sala</td><td>20 m²</td></tr></tbody></table></figure><!-- /wp:table -->',
    );
    expect(body.markdown).toBe('| Cômodo | Área  |\n| ------ | ----- |\n| Sala   | 20 m² |');
  });

  it('keeps a table Markdown cannot write (a caption, a cell over two columns) as the HTML the policy allows', async () => {
    const body = await checked(
      '<figure class="wp-block-table"><table><tbody><tr><td colspan="2" style="width:50%">Total</td></tr><tr><td>a</td><td>b</td></tr></tbody></table><figcaption>Fonte: IBGE</figcaption></figure>',
    );
    expect(body.markdown).toBe(
      '<table>\n<caption>Fonte: IBGE</caption>\n<thead>\n<tr><th colspan="2" scope="col">Total</th></tr>\n</thead>\n<tbody>\n<tr><td>a</td><td>b</td></tr>\n</tbody>\n</table>',
    );
  });

  it('makes an older gallery (a list of figures) its images, without the emptied list', async () => {
    const body = await checked(
      `<!-- wp:gallery {"ids":[201,202]} --><figure class="wp-block-gallery columns-2"><ul class="blocks-gallery-grid"><li class="blocks-gallery-item"><figure><img src="${UPLOADS}/2018/03/steel-frame-1024x576.jpg" alt="" data-id="201" class="wp-image-201"/><figcaption class="blocks-gallery-item__caption">A estrutura</figcaption></figure></li><li class="blocks-gallery-item"><figure><img src="${UPLOADS}/2018/03/laje-1024x576.jpg" alt="" data-id="202"/></figure></li></ul></figure><!-- /wp:gallery -->`,
    );
    expect(body.markdown).toBe(
      '![Estrutura metálica de uma casa](imagens/steel-frame-1024x576.jpg "A estrutura")\n\n![Imagem que ilustra o texto](imagens/laje-1024x576.jpg)',
    );
    expect(body.images.map((image) => image.altSource)).toEqual(['attachment', 'default']);
  });
});

describe('footnotes', () => {
  it('the block editor’s (marks in the text, notes in the post’s meta) are the site’s [^n] and [^n]: …', async () => {
    const [one, two] = ['4b8e4f2a-5c1d-4e6f-9a0b-1c2d3e4f5a6b', '7c9d0e1f-2a3b-4c5d-8e9f-0a1b2c3d4e5f'];
    const mark = (id: string, n: number) => `<sup data-fn="${id}" class="fn"><a href="#${id}" id="${id}-link">${n}</a></sup>`;
    const meta = {
      footnotes: JSON.stringify([
        { content: 'Segundo o <a href="https://www.ibge.gov.br">IBGE</a>.', id: one },
        { content: 'Outra nota.', id: two },
      ]),
    };
    const body = await checked(
      `<!-- wp:paragraph --><p>Texto${mark(one, 1)} e outro${mark(two, 2)}, e o primeiro de novo${mark(one, 1)}.</p><!-- /wp:paragraph --><!-- wp:footnotes /-->`,
      { footnotes: footnotesOf(meta) },
    );
    expect(body.markdown).toBe(
      'Texto[^1] e outro[^2], e o primeiro de novo[^1].\n\n[^1]: Segundo o [IBGE](https://www.ibge.gov.br).\n\n[^2]: Outra nota.',
    );
    expect(body.dynamicBlocks).toEqual([]);
  });
});

describe('a classic editor post', () => {
  it('is WordPress’s paragraphs (a blank line) and line breaks (one newline), block elements left whole, and passes the check', async () => {
    const body = await checked(CLASSIC_BODY);
    expect(body.markdown).toBe(
      [
        'Construir a seco é mais rápido: a obra termina em metade do tempo de uma construção de alvenaria.\\\nA segunda linha do mesmo parágrafo tem espaços fixos.',
        '![Estrutura de steel frame de uma casa de dois andares](imagens/steel-frame-1024x576.jpg "A estrutura fica pronta em duas semanas")',
        '### Quanto custa',
        'O metro quadrado sai por R$\u00a02.500, segundo construtoras ouvidas pela reportagem.',
        'https://www.youtube.com/watch?v=M7lc1UVf-VE',
        'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        '![Estrutura metálica de uma casa](imagens/steel-frame.jpg)',
        '![Imagem que ilustra o texto](imagens/laje-scaled.jpg)',
        `[${UPLOADS}/2018/03/obra.mp4](${UPLOADS}/2018/03/obra.mp4)`,
        `[${UPLOADS}/2018/03/entrevista.mp3](${UPLOADS}/2018/03/entrevista.mp3)`,
        'Texto escrito dentro do construtor de páginas.',
        'Para mostrar uma galeria, escreva \\[gallery] no editor; ele disse \\[risos] e seguiu.',
        '- Menos entulho\n- Menos água na obra',
      ].join('\n\n'),
    );
  });

  it('reports the shortcodes it removed, and the videos, audios and embeds it could only link to', () => {
    const body = convert(CLASSIC_BODY);
    expect(new Set(body.unknownShortcodes)).toEqual(new Set(['contact-form-7', 'vc_row', 'vc_column', 'vc_column_text']));
    expect(body.embeds).toEqual([
      { url: 'https://youtu.be/M7lc1UVf-VE', kept: true },
      { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', kept: true },
      { url: `${UPLOADS}/2018/03/obra.mp4`, kept: false },
      { url: `${UPLOADS}/2018/03/entrevista.mp3`, kept: false },
    ]);
    expect(body.removed).toEqual({});
  });

  it('keeps code as written, its spaces too; a label outside a form is its text', async () => {
    const body = await checked(
      '<pre class="wp-block-code"><code>const a = 1;\n  b&nbsp;&nbsp;c</code></pre>\n<p><label>Rótulo</label> solto</p>',
    );
    expect(body.markdown).toBe('```\nconst a = 1;\n  b\u00a0\u00a0c\n```\n\nRótulo solto');
  });

  it('moves the spaces at the edges of bold, italics and links outside them, as the editor writes them; empty marks go', async () => {
    const body = await checked(
      '<h2>&nbsp;</h2><p><strong> </strong></p><p>Texto <strong>negrito </strong>e<em> itálico</em> e <a href="https://a.com.br"> link </a>.</p>',
    );
    expect(body.markdown).toBe('Texto **negrito** e *itálico* e [link](https://a.com.br) .');
  });

  it('decodes entities to characters and makes runs of non-breaking spaces one space, a single one kept', async () => {
    expect(
      (await checked('Constru&ccedil;&atilde;o &eacute; f&#225;cil: R$&nbsp;10,&nbsp;&nbsp;&nbsp;&#160;&#xa0;sem mais.')).markdown,
    ).toBe('Construção é fácil: R$\u00a010, sem mais.');
  });
});

describe('shortcodes', () => {
  it('[caption] is its image with its caption, the link around the image dropped; the old caption="" form too', async () => {
    const body = await checked(
      `[caption id="attachment_101" align="alignnone" width="800"]<a href="${UPLOADS}/2019/05/cozinha.jpg"><img src="${UPLOADS}/2019/05/cozinha-800x450.jpg" alt="" width="800" height="450" /></a> A cozinha nova[/caption]\n\n[caption id="" caption="Legenda no atributo"]<img src="${UPLOADS}/2019/05/sala.jpg" alt="Sala com sofá cinza e tapete" />[/caption]`,
    );
    expect(body.markdown).toBe(
      '![Cozinha em L com ilha central](imagens/cozinha-800x450.jpg "A cozinha nova")\n\n![Sala com sofá cinza e tapete](imagens/sala.jpg "Legenda no atributo")',
    );
    expect(body.images[0]).toEqual({
      url: `${UPLOADS}/2019/05/cozinha-800x450.jpg`,
      alt: 'Cozinha em L com ilha central',
      caption: 'A cozinha nova',
      altSource: 'attachment',
    });
  });

  it('[embed] and a YouTube address alone on its line are the video; [youtube] (Jetpack) too; another address is a link', async () => {
    const body = await checked(
      'Antes.\nhttps://youtu.be/M7lc1UVf-VE\nDepois.\n\n[embed]https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30[/embed]\n\n[youtube https://www.youtube.com/watch?v=dQw4w9WgXcQ]\n\n[embed]https://vimeo.com/76979871[/embed]',
    );
    expect(body.markdown).toBe(
      [
        'Antes.',
        'https://www.youtube.com/watch?v=M7lc1UVf-VE',
        'Depois.',
        'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        '[https://vimeo.com/76979871](https://vimeo.com/76979871)',
      ].join('\n\n'),
    );
    expect(body.embeds.map((embed) => embed.kept)).toEqual([true, true, true, false]);
  });

  it('[gallery ids] is its images, from the attachments; one the export lacks is counted; without ids, the post’s attachments', async () => {
    const body = await checked('[gallery ids="201, 999,202" columns="2"]\n\n[gallery]', { childAttachments: () => [101] });
    expect(body.images.map((image) => image.url)).toEqual([
      ATTACHMENTS.get(201)!.url,
      ATTACHMENTS.get(202)!.url,
      ATTACHMENTS.get(101)!.url,
    ]);
    expect(body.missingAttachments).toBe(1);
    expect(body.unknownShortcodes).toEqual([]);
    expect(convert('[gallery]').unknownShortcodes).toEqual(['gallery']);
  });

  it('[video] and [audio] are a link to their file, listed as embeds not kept, not as unknown shortcodes', async () => {
    const body = await checked('[video src="https://casaeobra.com.br/v.webm" poster="x.jpg"][/video]\n\n[audio ogg="/a.ogg"]');
    expect(body.markdown).toBe('[https://casaeobra.com.br/v.webm](https://casaeobra.com.br/v.webm)\n\n[/a.ogg](/a.ogg)');
    expect(body.unknownShortcodes).toEqual([]);
    expect(body.embeds).toEqual([
      { url: 'https://casaeobra.com.br/v.webm', kept: false },
      { url: '/a.ogg', kept: false },
    ]);
  });

  it('any other shortcode is removed, the text it wraps kept, its name reported; nested, self-closing, stray closing tags too', async () => {
    const body = await checked(
      '[et_pb_section][et_pb_text admin_label="Texto"]Texto do Divi.[/et_pb_text][/et_pb_section]\n\n[rev_slider alias="home" /]\n\nFim do texto.[/vc_column]\n\n[toc]\n\n[button link="/x"]Clique aqui[/button]',
    );
    expect(body.markdown).toBe('Texto do Divi.\n\nFim do texto.\n\nClique aqui');
    expect(new Set(body.unknownShortcodes)).toEqual(new Set(['et_pb_section', 'et_pb_text', 'rev_slider', 'vc_column', 'toc', 'button']));
    expect(body.markdown).not.toMatch(SHORTCODE_BRACKETS);
  });

  it('[[x]] is WordPress’s escape: the literal [x], never converted; a whole escaped pair too', async () => {
    const body = await checked('Escreva [[gallery ids="1"]] ou [[caption]texto[/caption]] no editor; [[not a shortcode]].');
    expect(body.markdown).toBe('Escreva \\[gallery ids="1"] ou \\[caption]texto\\[/caption] no editor; \\[not a shortcode].');
    expect(body.unknownShortcodes).toEqual([]);
  });

  it('leaves the text’s own brackets: [sic], [risos], [1], [Nota do editor: …], even alone on a line', async () => {
    const text = 'Ele disse [sic] e [risos], como na nota [1].\n\n[Nota do editor: o texto foi atualizado.]';
    const body = await checked(text);
    expect(body.markdown).toBe('Ele disse \\[sic] e \\[risos], como na nota \\[1].\n\n\\[Nota do editor: o texto foi atualizado.]');
    expect(body.unknownShortcodes).toEqual([]);
  });

  it('reads thousands of unclosed brackets in linear time', () => {
    const text = `${'[x '.repeat(20_000)}fim ${'[/y] '.repeat(20_000)}`;
    const started = performance.now();
    const body = convert(text);
    expect(body.markdown).toContain('fim');
    // Generous: a scan of the rest of the text for each bracket would take minutes.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('settles a tag left open around more pieces than a call takes arguments', () => {
    // The first [vc_row] waits for a closing tag the second one takes: it is settled at the end, with all it holds.
    const body = convert(`[vc_row]${'[y] '.repeat(150_000)}[vc_row]fim[/vc_row]`);
    expect(body.unknownShortcodes).toEqual(['vc_row']);
    expect(body.markdown.startsWith('\\[y] \\[y]')).toBe(true);
    expect(body.markdown.endsWith('fim')).toBe(true);
  });
});

describe('images', () => {
  it('each alone on its line, from src (srcset ignored), the link WordPress puts around it dropped', async () => {
    const body = await checked(
      `<p>Texto antes <a href="${UPLOADS}/2019/05/sala.jpg"><img src="${UPLOADS}/2019/05/sala-1024x576.jpg" srcset="${UPLOADS}/2019/05/sala-300x169.jpg 300w" sizes="100vw" alt="Sala com sofá e estante de livros"></a> e <strong>texto <img src="${UPLOADS}/2019/05/quarto.jpg" alt="Quarto com cama de casal e janela"> depois</strong>.</p>`,
    );
    expect(body.markdown).toBe(
      'Texto antes\n\n![Sala com sofá e estante de livros](imagens/sala-1024x576.jpg)\n\ne **texto**\n\n![Quarto com cama de casal e janela](imagens/quarto.jpg)\n\n**depois**.',
    );
    expect(body.images.map((image) => image.url)).toEqual([`${UPLOADS}/2019/05/sala-1024x576.jpg`, `${UPLOADS}/2019/05/quarto.jpg`]);
  });

  it('an image in a list or table goes after it: a figure stands alone', async () => {
    const body = await checked(
      `<ul><li>Item com <img src="${UPLOADS}/a.png" alt="Planta baixa do apartamento"> foto</li><li>Outro</li></ul>`,
    );
    expect(body.markdown).toBe('- Item com foto\n- Outro\n\n![Planta baixa do apartamento](imagens/a.png)');
  });

  it('a text alternative the site would refuse is replaced: the attachment’s, the caption, "Imagem: …", the default; never a file’s name', async () => {
    const figure = (alt: string, extra = '', caption = '') =>
      `<figure><img src="${UPLOADS}/f.jpg" alt="${alt}" ${extra}>${caption && `<figcaption>${caption}</figcaption>`}</figure>`;
    const body = await checked(
      [
        figure('', 'class="wp-image-101"'),
        figure('IMG_2034.JPG', '', 'Varanda gourmet com churrasqueira'),
        figure('Sala'),
        figure('DSC-0001'),
        figure('x'.repeat(200)),
      ].join('\n'),
      { defaultAlt: 'Reforma de cozinha: como planejar' },
    );
    expect(body.images.map(({ alt, altSource }) => [alt, altSource])).toEqual([
      ['Cozinha em L com ilha central', 'attachment'],
      ['Varanda gourmet com churrasqueira', 'caption'],
      ['Imagem: Sala', 'alt'],
      ['Reforma de cozinha: como planejar', 'default'],
      [`${'x'.repeat(149)}…`, 'alt'],
    ]);
  });

  it('a lazy loader’s real address is taken; an image without one, or a data: one, is dropped and counted', async () => {
    const body = await checked(
      `<p>Texto.</p><img src="data:image/gif;base64,R0lGOD" data-lazy-src="${UPLOADS}/real.jpg" alt="Fachada da casa de madeira"><noscript><img src="${UPLOADS}/real.jpg" alt="Fachada"></noscript><img src="data:image/png;base64,AAAA" alt="Colada no editor"><img alt="Sem endereço nenhum">`,
    );
    expect(body.markdown).toBe('Texto.\n\n![Fachada da casa de madeira](imagens/real.jpg)');
    expect(body.removed).toEqual({ image: 2 });
  });
});

describe('links', () => {
  it('to the old site’s own posts take their new address (counted); others stay as they are', async () => {
    const body = await checked(
      `<p><a href="${FIXTURE_SITE.link}/2019/04/como-usar-o-fgts/" target="_blank" rel="noopener">O FGTS</a>, <a href="https://www.gov.br/fgts" title="Governo">o site</a> e <a href="mailto:redacao@casaeobra.com.br">a redação</a>.</p>`,
    );
    expect(body.markdown).toBe(
      '[O FGTS](/noticia/como-usar-o-fgts), [o site](https://www.gov.br/fgts "Governo") e [a redação](mailto:redacao@casaeobra.com.br).',
    );
    expect(body.linksRewritten).toBe(1);
  });

  it('javascript:, data: and vbscript: links are their text (counted); a link to an anchor of the old page is its text', async () => {
    const body = await checked(
      '<p><a href="javascript:alert(1)">um</a> <a href=" JaVaScRiPt:alert(1)">dois</a> <a href="java&#x09;script:x">três</a> <a href="data:text/html,x">quatro</a> <a href="vbscript:x">cinco</a> <a href="#secao">seis</a></p>',
    );
    expect(body.markdown).toBe('um dois três quatro cinco seis');
    expect(body.removed).toEqual({ 'unsafe-link': 5 });
  });

  it('a link around blocks (a card: a title and a text) links each one’s text', async () => {
    const body = await checked('<a href="https://www.gov.br/fgts"><h3>O FGTS</h3><p>Como usar na compra.</p></a>');
    expect(body.markdown).toBe('### [O FGTS](https://www.gov.br/fgts)\n\n[Como usar na compra.](https://www.gov.br/fgts)');
  });

  it('a Google Docs redirect is the address it leads to', async () => {
    expect((await checked('<p><a href="https://www.google.com/url?q=https://www.gov.br/fgts&amp;sa=D">FGTS</a></p>')).markdown).toBe(
      '[FGTS](https://www.gov.br/fgts)',
    );
  });
});

describe('hostile markup', () => {
  it('is dropped and counted by kind, every sentence around it kept, and the body passes the check', async () => {
    const body = await checked(HOSTILE_BODY);
    expect(body.markdown).toBe(
      [
        'Antes do script. Depois do script.',
        'Parágrafo com evento e estilo.',
        'Um link perigoso, um link de dados e um link antigo.',
        'Entre o mapa e o formulário.',
        'Texto dentro do formulário.',
        'Depois do',
        '![Imagem com evento de erro](imagens/erro.jpg)',
        'objeto.',
      ].join('\n\n'),
    );
    expect(body.removed).toEqual({
      script: 1,
      style: 1,
      'event-handler': 2,
      'inline-style': 1,
      'unsafe-link': 3,
      iframe: 1,
      form: 1,
      object: 1,
      embed: 1,
    });
    expect(body.embeds).toEqual([{ url: 'https://www.google.com/maps/embed?pb=1', kept: false }]);
  });

  it('an old <object> YouTube player is the video (the element still counted); a YouTube <iframe> too, with its title', async () => {
    const body = await checked(
      '<object width="425" height="344"><param name="movie" value="http://www.youtube.com/v/M7lc1UVf-VE&hl=pt_BR&fs=1"></param><embed src="http://www.youtube.com/v/M7lc1UVf-VE&hl=pt_BR&fs=1" type="application/x-shockwave-flash"></embed></object>\n<iframe width="560" height="315" src="https://www.youtube.com/embed/aqz-KE-bpKQ?feature=oembed" title="Como reformar a cozinha" allowfullscreen></iframe>',
    );
    expect(body.markdown).toBe(
      'https://www.youtube.com/watch?v=M7lc1UVf-VE\n\nhttps://www.youtube.com/watch?v=aqz-KE-bpKQ "Como reformar a cozinha"',
    );
    expect(body.removed).toEqual({ object: 1 });
  });

  it('an unknown element is its text, even one named like a property every object has', async () => {
    const body = await checked(
      '<p>Um <constructor>dois</constructor> <hasownproperty>três</hasownproperty> <x-plugin>quatro</x-plugin>.</p>',
    );
    expect(body.markdown).toBe('Um dois três quatro.');
  });

  it('nested deeper than the policy allows: the text kept, flattened, no error', async () => {
    const deep = `${'<div><blockquote>'.repeat(300)}Texto no fundo.${'</blockquote></div>'.repeat(300)}`;
    const body = convert(`<p>Início.</p>${deep}`);
    expect(body.markdown).toContain('Texto no fundo.');
    expect(await siteErrors(body.markdown)).toEqual([]);
  });

  it('markup a browser would build past the site’s element limit is refused, in pt-BR', () => {
    expect(() => convert('<p>x</p>'.repeat(12_000))).toThrow(WordPressBodyError);
    expect(() => convert('<p>x</p>'.repeat(12_000))).toThrow(
      /^o texto do post tem marcação demais: um navegador montaria mais de 10\.000 elementos/,
    );
  });
});
