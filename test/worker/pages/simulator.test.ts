import { afterEach, describe, expect, it, vi } from 'vitest';
import { HTML_CACHE_CONTROL } from '#src/middleware/cache-policy.ts';
import { attr, documentOf, fetchCached, fetchPath, query, queryAll, textContent } from '../helpers';

const PATH = '/simulador-de-financiamento';
/** R$ 100.000 financed at 12,6825% a.a. (1% a.m.) over 12 months: the textbook example, PMT 8.884,88. */
const TEXTBOOK = `${PATH}?valor=112.000&entrada=12.000&juros=12,6825&prazo=12&unidade=meses&sistema=ambos`;

/** The page's visible text with its whitespace collapsed (Intl puts a no-break space after R$). */
async function pageText(path: string, init?: RequestInit) {
  const response = await fetchPath(path, init);
  const document = await documentOf(response.clone());
  return { response, document, text: textContent(query(document, 'main')).replace(/\s+/g, ' ') };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the simulator page', () => {
  it('serves the empty form with realistic defaults, cacheable, canonical, described as a WebApplication', async () => {
    const { response, document, text } = await pageText(PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(HTML_CACHE_CONTROL);
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    const values = Object.fromEntries(
      queryAll(document, 'form.sim-form input[type="text"]').map((input) => [attr(input, 'name'), attr(input, 'value')]),
    );
    expect(values).toEqual({ valor: '500.000', entrada: '100.000', juros: '11,5', prazo: '30' });
    expect(attr(query(document, 'form.sim-form'), 'method')).toBe('get');
    expect(attr(query(document, 'form.sim-form'), 'action')).toBe(PATH);
    expect(text).toContain('É uma estimativa.');
    expect(text).not.toContain('Resultado da simulação');
    expect(attr(query(document, 'link[rel="canonical"]'), 'href')).toBe(`http://localhost:8787${PATH}`);
    const jsonLd = JSON.parse(textContent(query(document, 'script[type="application/ld+json"]')));
    expect(jsonLd['@graph'][0]).toMatchObject({ '@type': 'WebApplication', applicationCategory: 'FinanceApplication' });
  });

  it('answers a simulation with its numbers, SAC and Price side by side, on the same page', async () => {
    const { response, document, text } = await pageText(TEXTBOOK);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(HTML_CACHE_CONTROL);
    expect(text).toContain('Valor financiadoR$ 100.000,00 (89,3% do imóvel)');
    expect(text).toContain('Juros12,6825% ao ano, ou 1% ao mês');
    // Price: 12 × 8.884,88; SAC: 8.333,33 of principal plus 1.000,00 of interest in the first month.
    const compare = textContent(query(document, 'table.sim-compare')).replace(/\s+/g, ' ');
    expect(compare).toContain('1ª parcela9.333,338.884,88');
    expect(compare).toContain('Total pago106.500,00106.618,56');
    expect(text).toContain('O Price começa mais baixo: a primeira parcela é R$ 448,45 menor que a do SAC.');
    expect(text).toContain('O Price custa mais no total: R$ 118,56 a mais em juros');
    // Every month in a table: 12 rows for each system, ending at a balance of 0,00.
    const tables = queryAll(document, 'table.sim-table');
    expect(tables).toHaveLength(3);
    for (const table of tables.slice(1)) {
      const rows = queryAll(table, 'tbody tr');
      expect(rows).toHaveLength(12);
      expect(textContent(rows.at(-1)!.childNodes.at(-1)!)).toBe('0,00');
    }
    // The chart is inline SVG, named and described in words.
    const svg = query(document, 'figure.sim-chart svg');
    expect(attr(svg, 'role')).toBe('img');
    expect(textContent(query(svg, 'desc')).replace(/\s+/g, ' ')).toContain('SAC: no início, R$ 100.000,00');
    // The form shows the simulation, as the reader writes it; the shareable address is the normalized one.
    expect(attr(query(document, 'input[name="valor"]'), 'value')).toBe('112.000');
    expect(attr(query(document, '.sim-share a'), 'href')).toBe(
      `${PATH}?valor=112000&entrada=12000&juros=12.6825&prazo=12&unidade=meses&sistema=ambos`,
    );
  });

  it('groups a long schedule: the first year month by month, then a table of the later years, each linking to its months', async () => {
    const search = 'valor=500000&entrada=100000&juros=11.5&prazo=35&unidade=anos&sistema=sac';
    const { document } = await pageText(`${PATH}?${search}`);
    const years = query(document, 'table.sim-years');
    expect(textContent(query(years, 'caption'))).toBe('SAC, ano a ano (valores em R$)');
    expect(queryAll(years, 'thead th').map(textContent)).toEqual(['Ano', 'Pago', 'Juros', 'Saldo']);
    const rows = queryAll(years, 'tbody tr');
    expect(rows).toHaveLength(34);
    expect(attr(rows[0]!, 'id')).toBe('sac-ano-2');
    expect(rows[0]!.childNodes.map((cell) => textContent(cell))).toEqual([
      '2',
      expect.stringMatching(/^[\d.]+,\d\d$/),
      expect.stringMatching(/^[\d.]+,\d\d$/),
      expect.stringMatching(/^[\d.]+,\d\d$/),
    ]);
    // Each later year links to the same simulation with that year open, scrolled to it; its months are not on this page.
    const link = query(rows[0]!, 'a');
    expect(attr(link, 'aria-label')).toBe('Ver os 12 meses do ano 2 na tabela SAC');
    expect(attr(link, 'href')).toBe(`${PATH}?${search}&ano=2#sac-ano-2`);
    expect(attr(query(rows.at(-1)!, 'a'), 'href')).toBe(`${PATH}?${search}&ano=35#sac-ano-35`);
    // The comparison, the first year's months and the years: no other table.
    expect(queryAll(document, 'table.sim-table')).toHaveLength(3);
    // The comparison's 4 lines, the first year's 12 months and the 34 later years: no other row.
    expect(queryAll(document, 'table.sim-table tbody tr')).toHaveLength(4 + 12 + 34);
    expect(queryAll(document, 'table.sim-compare th[scope="col"]').map(textContent)).toEqual(['SAC']);
  });

  it('shows the chosen year month by month in each system, and links to every other year', async () => {
    const search = 'valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos';
    const { response, document } = await pageText(`${PATH}?${search}&ano=5`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(HTML_CACHE_CONTROL);
    for (const [system, name] of [
      ['sac', 'SAC'],
      ['price', 'Price'],
    ]) {
      const year = query(document, `#${system}-ano-5`);
      expect(textContent(query(year, 'caption'))).toBe(`${name}, ano 5 (valores em R$)`);
      const rows = queryAll(year, 'tbody tr');
      expect(rows.map((row) => textContent(row.childNodes[0]!))).toEqual(Array.from({ length: 12 }, (_, i) => String(49 + i)));
      expect(queryAll(year, 'a')).toHaveLength(0);
      // The chosen year's months sit right below its row in the table of years, which no longer links to it.
      const years = query(query(query(document, `#sim-tabela-${system}`).parentNode!, 'table.sim-years'), 'tbody');
      const yearRows = queryAll(years, 'tr').filter((row) => row.parentNode === years);
      const fifth = yearRows.findIndex((row) => textContent(row.childNodes[0]!) === '5');
      expect(queryAll(yearRows[fifth]!, 'a')).toHaveLength(0);
      expect(queryAll(yearRows[fifth + 1]!, 'caption').map(textContent)).toEqual([`${name}, ano 5 (valores em R$)`]);
      expect(attr(query(document, `#${system}-ano-6 a`), 'href')).toBe(`${PATH}?${search}&ano=6#${system}-ano-6`);
    }
    // The comparison, each first year, each table of years and the chosen year: no other months.
    expect(queryAll(document, 'table.sim-table')).toHaveLength(7);
    // Nothing above the chosen year waits to be laid out: the scroll to it stops where it is.
    expect(queryAll(document, '.sim-deferred')).toHaveLength(0);
    // With no year open, each first year's months wait until the reader scrolls near them.
    const closed = (await pageText(`${PATH}?${search}`)).document;
    expect(queryAll(closed, '.sim-deferred table caption').map(textContent)).toEqual([
      'SAC, primeiro ano (valores em R$)',
      'Price, primeiro ano (valores em R$)',
    ]);
    expect(attr(query(document, 'link[rel="canonical"]'), 'href')).toBe(`http://localhost:8787${PATH}`);
    // The address to share is the simulation's, whichever year is open.
    expect(attr(query(document, '.sim-share a'), 'href')).toBe(`${PATH}?${search}`);
  });

  it('names a short last year by its months', async () => {
    const { document } = await pageText(`${PATH}?valor=100000&entrada=0&juros=10&prazo=18&unidade=meses&sistema=price`);
    expect(attr(query(document, '#price-ano-2 a'), 'aria-label')).toBe('Ver os 6 meses do ano 2 na tabela Price');
    const single = await pageText(`${PATH}?valor=100000&entrada=0&juros=10&prazo=13&unidade=meses&sistema=price`);
    expect(attr(query(single.document, '#price-ano-2 a'), 'aria-label')).toBe('Ver o mês do ano 2 na tabela Price');
  });

  it.each([
    ['the first year', '1'],
    ['past the last year', '31'],
    ['letters', 'cinco'],
    ['a negative year', '-5'],
    ['a decimal', '2,5'],
    ['a long number', '9'.repeat(40)],
    ['a repeated year', '5&ano=6'],
    ['bad percent-encoding', '%E0%A4%A'],
  ])('ignores a chosen year that is not one of the simulation’s later years (%s): the simulation, never an error', async (_, year) => {
    const { response, document } = await pageText(
      `${PATH}?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos&ano=${year}`,
    );
    expect(response.status).toBe(200);
    expect(queryAll(document, 'table.sim-table')).toHaveLength(5);
    expect(queryAll(document, '.sim-years a')).toHaveLength(2 * 29);
  });

  it("dates the simulation in pt-BR, from São Paulo's calendar", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T02:00:00Z')); // still 30 November in São Paulo
    const { text } = await pageText(TEXTBOOK);
    expect(text).toContain(
      'Simulação feita em 30 de novembro de 2026: se a primeira parcela vencer em dezembro de 2026, a última vence em novembro de 2027.',
    );
  });

  it('says there is nothing to finance when the down payment is the whole price', async () => {
    const { response, text, document } = await pageText(
      `${PATH}?valor=300000&entrada=300.000&juros=10&prazo=30&unidade=anos&sistema=ambos`,
    );
    expect(response.status).toBe(200);
    expect(text).toContain('Não há nada a financiar');
    expect(queryAll(document, 'table.sim-table')).toHaveLength(0);
  });
});

describe('refused input', () => {
  it('gets the form back, status 400 and never stored, with a pt-BR message under each field and a summary', async () => {
    const { response, document } = await pageText(`${PATH}?valor=abc&entrada=-5&juros=99&prazo=0&unidade=anos&sistema=sac`);
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const messages = Object.fromEntries(queryAll(document, 'p.sim-error').map((message) => [attr(message, 'id'), textContent(message)]));
    expect(messages).toEqual({
      'sim-valor-erro': 'Não entendemos este número. Use só números, como 450.000 ou 450.000,50.',
      'sim-entrada-erro': 'O valor não pode ser negativo.',
      'sim-juros-erro': 'Informe uma taxa de 0 a 30% ao ano.',
      'sim-prazo-erro': 'Informe um número inteiro de 1 a 35 anos.',
    });
    const valor = query(document, 'input[name="valor"]');
    expect([attr(valor, 'value'), attr(valor, 'aria-invalid'), attr(valor, 'aria-describedby')]).toEqual([
      'abc',
      'true',
      'sim-valor-dica sim-valor-erro',
    ]);
    expect(queryAll(document, '.sim-alert li')).toHaveLength(4);
    expect(queryAll(document, '.sim-results')).toHaveLength(0);
  });

  it('echoes what the reader typed as text, never as markup', async () => {
    const response = await fetchPath(`${PATH}?valor=%3Cscript%3Ealert(1)%3C/script%3E&entrada=0&juros=1&prazo=1&unidade=anos&sistema=sac`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it.each([
    ['empty fields', 'valor=&entrada=&juros=&prazo=&unidade=&sistema='],
    ['letters', 'valor=muito&entrada=pouco&juros=alto&prazo=longo&unidade=anos&sistema=sac'],
    ['a repeated field', 'valor=1&valor=2&entrada=0&juros=1&prazo=1&unidade=anos&sistema=sac'],
    ['absurd values', 'valor=1e308&entrada=99999999999999999999&juros=1000000&prazo=99999999&unidade=anos&sistema=sac'],
    ['a 10 KB field', `valor=${'9'.repeat(10_240)}&entrada=0&juros=1&prazo=1&unidade=anos&sistema=sac`],
    ['a 10 KB query', `valor=1&utm_content=${'x'.repeat(10_240)}`],
    ['bad percent-encoding', 'valor=%E0%A4%A&entrada=%&juros=%ZZ&prazo=1&unidade=anos&sistema=sac'],
  ])('%s: 400 with the form, never a 500', async (_, search) => {
    const { response, document } = await pageText(`${PATH}?${search}`);
    expect(response.status).toBe(400);
    expect(queryAll(document, 'form.sim-form')).toHaveLength(1);
    expect(queryAll(document, '.sim-alert')).toHaveLength(1);
  });

  it('says so when the whole address is too long', async () => {
    const { text } = await pageText(`${PATH}?valor=1&utm_content=${'x'.repeat(10_240)}`);
    expect(text).toContain('O endereço desta simulação é longo demais');
  });

  it.each(['POST', 'PUT', 'DELETE'])('%s answers 405 with Allow: GET, HEAD', async (method) => {
    const response = await fetchPath(TEXTBOOK, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
  });

  it('HEAD answers like GET, without a body', async () => {
    const response = await fetchPath(TEXTBOOK, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('the simulator in the caches', () => {
  it('keeps one entry per normalized simulation: spelling, order and tracking parameters do not split it', async () => {
    const overrides = { CF_VERSION_METADATA: { id: `simulador-${Date.now()}`, tag: '', timestamp: '' } };
    const dated = async (path: string) => {
      const response = await fetchCached(path, undefined, overrides);
      expect(response.status, path).toBe(200);
      return /Simulação feita em ([^:]+):/.exec((await response.text()).replace(/<!-- -->/g, ''))?.[1];
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T12:00:00Z'));
    expect(await dated(TEXTBOOK)).toBe('10 de novembro de 2026');
    vi.setSystemTime(new Date('2026-11-11T12:00:00Z'));
    // The same simulation, typed otherwise: the stored page (dated the 10th) answers.
    for (const path of [
      `${PATH}?valor=112000&entrada=12000&juros=12.6825&prazo=12&unidade=meses&sistema=ambos`,
      `${PATH}?sistema=ambos&unidade=meses&prazo=12&juros=12,68250%25&entrada=R%24+12+mil&valor=112.000,00&utm_source=x`,
    ]) {
      expect(await dated(path), path).toBe('10 de novembro de 2026');
    }
    // Another simulation is another entry, rendered now.
    expect(await dated(TEXTBOOK.replace('prazo=12', 'prazo=24'))).toBe('11 de novembro de 2026');
  });

  it('keeps one entry per chosen year: a year shown open is another page, an ignored year is the simulation', async () => {
    const overrides = { CF_VERSION_METADATA: { id: `simulador-ano-${Date.now()}`, tag: '', timestamp: '' } };
    const LONG = `${PATH}?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos`;
    const dated = async (path: string) =>
      /Simulação feita em ([^:]+):/.exec((await (await fetchCached(path, undefined, overrides)).text()).replace(/<!-- -->/g, ''))?.[1];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T12:00:00Z'));
    expect(await dated(`${LONG}&ano=3`)).toBe('10 de novembro de 2026');
    expect(await dated(LONG)).toBe('10 de novembro de 2026');
    vi.setSystemTime(new Date('2026-11-11T12:00:00Z'));
    expect(await dated(`${LONG}&ano=03&utm_source=x`)).toBe('10 de novembro de 2026');
    expect(await dated(`${LONG}&ano=99`)).toBe('10 de novembro de 2026');
    expect(await dated(`${LONG}&ano=4`)).toBe('11 de novembro de 2026');
  });

  it("keeps the empty form in the isolate's memory, and no simulation (those stay in the edge cache only)", async () => {
    const overrides = { CF_VERSION_METADATA: { id: `simulador-memoria-${Date.now()}`, tag: '', timestamp: '' } };
    const footerYear = async (path: string) =>
      /© (?:<!-- -->)?(\d{4})/.exec(await (await fetchCached(path, undefined, overrides)).text())?.[1];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:59:30Z'));
    expect([await footerYear(PATH), await footerYear(TEXTBOOK)]).toEqual(['2026', '2026']);
    // From now on the Cache API never answers: only the isolate's memory can.
    vi.spyOn(caches, 'open').mockResolvedValue({ match: async () => undefined, put: async () => {} } as unknown as Cache);
    vi.setSystemTime(new Date('2027-01-01T00:00:30Z'));
    expect(await footerYear(PATH)).toBe('2026');
    expect(await footerYear(TEXTBOOK)).toBe('2027');
    vi.restoreAllMocks();
  });

  it('never stores a refusal', async () => {
    const overrides = { CF_VERSION_METADATA: { id: `simulador-recusa-${Date.now()}`, tag: '', timestamp: '' } };
    expect((await fetchCached(`${PATH}?valor=x`, undefined, overrides)).status).toBe(400);
    expect((await fetchCached(`${PATH}?valor=y`, undefined, overrides)).status).toBe(400);
  });
});

describe('the simulator belongs to the site', () => {
  it('is in the sitemap', async () => {
    expect(await (await fetchPath('/sitemap.xml')).text()).toContain(`<loc>http://localhost:8787${PATH}</loc>`);
  });

  it('is linked from the financing theme and from the SAC or Price article', async () => {
    for (const page of ['/tema/financiamento', '/noticia/financiamento-imobiliario-sac-ou-price']) {
      const { document } = await pageText(page);
      expect(queryAll(document, `main a[href="${PATH}"]`), page).toHaveLength(1);
    }
  });
});
