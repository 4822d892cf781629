import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { parseAuthor } from '#src/content/schema/authors.ts';
import { type NewsEntry, parseNewsItem } from '#src/content/schema/news-item.ts';
import { escapeXml } from '#src/lib/escape-xml.ts';
import { clearKv, fetchPath, indexOf, newsItem, putIndex } from '../helpers';

/**
 * Characters XML 1.0 forbids (control characters, U+FFFE, U+FFFF, lone
 * surrogates) never reach the feed or the sitemaps, whatever a stored entry
 * holds: one of them makes the whole file not well-formed, and feed readers
 * and Google News then reject every article in it.
 */
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(clearKv);
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** XML 1.0's `Char` production, written out from the specification (not from the code under test). */
const isXmlChar = (c: number) =>
  c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);

const PREDEFINED = new Set(['lt', 'gt', 'amp', 'quot', 'apos']);

/** The characters of a text outside XML's `Char`, named by code point (never raw: a lone surrogate in a failure message breaks the runner's channel). */
function charFaults(text: string): string[] {
  const faults: string[] = [];
  let offset = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (!isXmlChar(code)) faults.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')} at offset ${offset}`);
    offset += char.length;
  }
  return faults;
}

/**
 * Why a document is not well-formed XML 1.0, as far as these files go (no
 * DTD, no comments, no CDATA): characters outside `Char`, raw or as a
 * reference, a bare `&`, markup characters in text, and tags that do not
 * nest. Empty when it is well-formed.
 */
function xmlFaults(xml: string): string[] {
  const faults = charFaults(xml);
  for (const [reference, name] of xml.matchAll(/&([^;&<\s]*);?/g)) {
    if (!reference.endsWith(';')) faults.push(`a bare & (${JSON.stringify(reference)})`);
    else if (name!.startsWith('#')) {
      const code = name!.startsWith('#x') ? Number.parseInt(name!.slice(2), 16) : Number(name!.slice(1));
      if (!isXmlChar(code)) faults.push(`the reference ${reference} names no XML character`);
    } else if (!PREDEFINED.has(name!)) faults.push(`the undeclared entity ${reference}`);
  }
  const open: string[] = [];
  const text = xml.replace(/^<\?xml[^?]*\?>/, '').replace(/<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g, (_, close, name, empty) => {
    if (close) {
      const last = open.pop();
      if (last !== name) faults.push(`</${name}> closes <${last}>`);
    } else if (!empty) open.push(name);
    return '';
  });
  if (open.length > 0) faults.push(`unclosed: ${open.join(', ')}`);
  if (/[<>]/.test(text)) faults.push('a raw < or > in text');
  return faults;
}

/** Titles and descriptions as an older or hostile publisher might have stored them. */
const HOSTILE = [
  { titulo: 'Casa\u000bnova no litoral paulista', clean: 'Casa nova no litoral paulista' },
  { titulo: 'Juros\u0001 caem\u0000 de novo', clean: 'Juros caem de novo' },
  { titulo: '\u001fReforma\u0008 sem\ufffe susto\uffff', clean: 'Reforma sem susto' },
  { titulo: 'Metade de emoji \ud83c e outra \udfe0 & <tag>', clean: 'Metade de emoji e outra &#38; &#60;tag&#62;' },
  { titulo: 'Aspas\u0093 do Windows\u0094 e \u007f', clean: 'Aspas do Windows e' },
];
const HOUR = 3_600_000;
/** "Now" in these tests: 2025-12-10 12:00 in São Paulo. */
const NOW = Date.UTC(2025, 11, 10, 15);

/** The hostile items, published an hour apart up to NOW (so all are in the news sitemap), with hostile descriptions too. */
async function publishHostile(authors: Record<string, StoredAuthor> = {}): Promise<void> {
  const items = HOSTILE.map(({ titulo }, i) =>
    newsItem(`hostil-${i}`, {
      titulo,
      descricao: `Descrição\u000c com\u0002 caracteres proibidos ${i}`,
      data: new Date(NOW - (i + 1) * HOUR - 3 * HOUR).toISOString().slice(0, 16),
      ...(Object.keys(authors).length > 0 ? { autor: 'ana-souza' } : {}),
    }),
  );
  await putIndex(await indexOf(items, NOW, authors));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  forgetLiveIndex();
}

describe('a stored entry with characters XML forbids', () => {
  it('/feed.xml stays well-formed, with the texts cleaned', async () => {
    await publishHostile();
    const response = await fetchPath('/feed.xml');
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xmlFaults(xml)).toEqual([]);
    for (const { clean } of HOSTILE) expect(xml).toContain(`<title>${clean}</title>`);
    expect(xml).toContain('<description>Descrição com caracteres proibidos 0</description>');
  });

  it('/sitemap-news.xml stays well-formed, with the titles cleaned', async () => {
    await publishHostile();
    const xml = await (await fetchPath('/sitemap-news.xml')).text();
    expect(xmlFaults(xml)).toEqual([]);
    for (const { clean } of HOSTILE) expect(xml).toContain(`<news:title>${clean}</news:title>`);
  });

  it('an author name from a stored registry is cleaned too (the feed’s dc:creator)', async () => {
    await publishHostile({
      'ana-souza': { nome: 'Ana\u0001 Souza\ud800', cargo: 'Repórter\u001b[2J', bio: 'Escreve sobre crédito imobiliário\u0007 e juros.' },
    });
    const xml = await (await fetchPath('/feed.xml')).text();
    expect(xmlFaults(xml)).toEqual([]);
    expect(xml).toContain('<dc:creator>Ana Souza</dc:creator>');
    const page = await (await fetchPath('/autor/ana-souza')).text();
    expect(page).toContain('Ana Souza');
    expect(charFaults(page)).toEqual([]);
  });

  it('the pages show the cleaned title too', async () => {
    await publishHostile();
    await env.NEWS.put('noticias/hostil-0.html', '<p>corpo</p>');
    const html = await (await fetchPath('/noticia/hostil-0')).text();
    expect(html).toContain('<h1>Casa nova no litoral paulista</h1>');
    expect(charFaults(html)).toEqual([]);
    expect(charFaults(await (await fetchPath('/')).text())).toEqual([]);
  });
});

describe('reading an entry', () => {
  it('replaces each run of unsafe characters with a space and trims; a title of nothing else is an empty one', () => {
    const entry = parseNewsItem(
      newsItem('a', { titulo: '\u0001 Casa\u000b\u000bnova ', alt: 'Sala\u0085 com sofá amarelo', credito: 'Foto:\ud800 Ana' }),
    ) as NewsEntry;
    // As JSON, which spells out any lone surrogate: a failure message holding one would break the test runner's channel.
    expect(JSON.stringify([entry.titulo, entry.alt, entry.credito])).toBe(
      JSON.stringify(['Casa nova', 'Sala com sofá amarelo', 'Foto: Ana']),
    );
    expect(parseNewsItem(newsItem('b', { titulo: '\u0001\u0002\ufffe' }))).toBe('falta o campo "titulo" (ou está vazio)');
    // A text without one is kept exactly, spaces included.
    expect(parseNewsItem(newsItem('c', { titulo: ' Casa  nova ' }))).toMatchObject({ titulo: ' Casa  nova ' });
  });

  it('an author whose text is only unsafe characters is refused, as an empty one is', () => {
    expect(
      parseAuthor('ana-souza', { nome: '\u0001\u0002\u0003\u0004', cargo: 'Repórter', bio: 'Escreve sobre crédito imobiliário.' }),
    ).toBe('o campo "nome" tem 0 caracteres; o esperado é de 3 a 80');
  });
});

describe('escapeXml, the last line', () => {
  it('never emits a character XML 1.0 forbids, nor a reference to one, for any UTF-16 code unit', () => {
    const every = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit)).join('');
    const escaped = escapeXml(every);
    expect(xmlFaults(`<a>${escaped}</a>`)).toEqual([]);
    // What XML allows is kept: tab, line breaks, letters, a pair of surrogates (one emoji).
    expect(escapeXml('a\tb\nc\r🏠 <é>')).toBe('a\tb\nc\r🏠 &#60;é&#62;');
    expect(JSON.stringify(escapeXml('a\u000bb\u0000c\ud800d\udc00e\uffff\u0085'))).toBe('"abcde"');
  });
});
