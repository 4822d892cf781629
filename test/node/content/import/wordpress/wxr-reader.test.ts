import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { readWxr, readWxrStream, type WxrEntry, WxrError, type WxrItem } from '../../../../../scripts/content/import/wordpress/wxr-reader';
import {
  ALL_STATUSES,
  generatedPosts,
  sampleExport,
  type WxrDescription,
  writeWxrFile,
  wxr,
  wxrChunks,
} from '../../../../fixtures/wordpress/wxr-fixture';

const folder = mkdtempSync(join(tmpdir(), 'wxr-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** The text written to a file of its own. */
function fileOf(text: string): string {
  const path = join(folder, `export-${files++}.xml`);
  writeFileSync(path, text);
  return path;
}

async function entriesOf(path: string): Promise<WxrEntry[]> {
  const entries: WxrEntry[] = [];
  for await (const entry of readWxr(path)) entries.push(entry);
  return entries;
}

const itemsOf = (entries: WxrEntry[]): WxrItem[] => entries.flatMap((entry) => (entry.kind === 'item' ? [entry.item] : []));

/** The error reading a text gives (the test fails if it gives none). */
async function errorOf(text: string): Promise<WxrError> {
  try {
    await entriesOf(fileOf(text));
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(WxrError);
    return thrown as WxrError;
  }
  throw new Error('the export was read without an error');
}

describe('every entry of an export, in the file’s order', () => {
  const sample = sampleExport();

  it('gives the site first, then the authors, the terms and the items, as the file has them', async () => {
    const entries = await entriesOf(fileOf(wxr({ ...sample, bom: true })));
    expect(entries.map((entry) => entry.kind)).toEqual([
      'site',
      ...sample.authors!.map(() => 'author'),
      ...[...sample.categories!, ...sample.tags!, ...sample.terms!].map(() => 'term'),
      ...sample.items.map(() => 'item'),
    ]);
    expect(entries[0]).toEqual({
      kind: 'site',
      site: {
        title: 'Casa & Obra',
        link: 'https://casaeobra.com.br',
        baseSiteUrl: 'https://casaeobra.com.br',
        baseBlogUrl: 'https://casaeobra.com.br',
        language: 'pt-BR',
      },
    });
    expect(entries[2]).toEqual({
      kind: 'author',
      author: { id: 2, login: 'ana', email: 'ana@casaeobra.com.br', displayName: 'Ana Lima', firstName: 'Ana', lastName: 'Lima' },
    });
  });

  it('reads categories, tags and other terms, their slugs and parents percent-decoded, their names as written', async () => {
    const terms = (await entriesOf(fileOf(wxr(sample)))).flatMap((entry) => (entry.kind === 'term' ? [entry.term] : []));
    expect(terms).toEqual([
      { taxonomy: 'category', slug: 'decoracao', name: 'Decoração', parent: '' },
      { taxonomy: 'category', slug: 'construção', name: 'Construção', parent: '' },
      { taxonomy: 'category', slug: 'steel-frame', name: 'Steel frame', parent: 'construção' },
      { taxonomy: 'post_tag', slug: 'reforma', name: 'Reforma', parent: '' },
      { taxonomy: 'post_tag', slug: 'cozinha', name: 'Cozinha &amp; copa', parent: '' },
      { taxonomy: 'nav_menu', slug: 'menu-principal', name: 'Menu principal', parent: '' },
    ]);
  });

  it('reads every field of an item: body, excerpt, dates, terms, postmeta; comments counted, not kept', async () => {
    const [post] = itemsOf(await entriesOf(fileOf(wxr(sample))));
    expect(post).toEqual({
      id: 10,
      type: 'post',
      status: 'publish',
      title: 'Reforma de cozinha: como planejar o layout e o orçamento',
      link: 'https://casaeobra.com.br/2019/05/reforma-de-cozinha/',
      postName: 'reforma-de-cozinha',
      guid: 'https://casaeobra.com.br/?p=10',
      creator: 'admin',
      date: '2019-05-12 14:30:00',
      dateGmt: '2019-05-12 17:30:00',
      modifiedGmt: '2019-05-12 17:30:00',
      content: sample.items[0]!.content,
      excerpt: 'Um roteiro para reformar a cozinha sem surpresas, da planta ao acabamento.',
      parent: 0,
      menuOrder: 0,
      attachmentUrl: null,
      terms: [
        { taxonomy: 'category', slug: 'decoracao', name: 'Decoração' },
        { taxonomy: 'post_tag', slug: 'reforma', name: 'Reforma' },
        { taxonomy: 'post_tag', slug: 'cozinha', name: 'Cozinha &amp; copa' },
      ],
      // The comments' own meta (akismet_result) is not the post's.
      meta: { _yoast_wpseo_metadesc: '%%title%% %%sep%% %%sitename%%', _thumbnail_id: '101', _edit_last: '1' },
      commentCount: 2,
    });
  });

  it('reads every status and type, a draft’s empty name and GMT date, an attachment’s file and parent, a raw post_name', async () => {
    const items = itemsOf(await entriesOf(fileOf(wxr(sample))));
    expect(new Set(items.map((item) => item.status))).toEqual(new Set(ALL_STATUSES));
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(['post', 'page', 'attachment', 'nav_menu_item']));
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(12)).toMatchObject({ status: 'draft', postName: '', dateGmt: '0000-00-00 00:00:00', date: '2019-05-12 14:30:00' });
    expect(byId.get(11)?.postName).toBe('constru%c3%a7%c3%a3o-a-seco');
    expect(byId.get(18)?.postName).toBe('%f0%9f%8f%a0-casa-nova');
    expect(byId.get(101)).toMatchObject({
      type: 'attachment',
      status: 'inherit',
      parent: 10,
      attachmentUrl: 'https://casaeobra.com.br/wp-content/uploads/2019/05/cozinha.jpg',
      meta: { _wp_attached_file: '2019/05/cozinha.jpg', _wp_attachment_image_alt: 'Cozinha em L com ilha central' },
    });
    expect(byId.get(30)).toMatchObject({ type: 'page', menuOrder: 1, guid: 'https://casaeobra.com.br/?page_id=30' });
  });

  it('keeps a body’s own "]]>", which the export splits across two CDATA sections', async () => {
    const content = '<p>Um código: a[b[1]]>0</p>';
    const [item] = itemsOf(await entriesOf(fileOf(wxr({ items: [{ id: 1, title: 'Com colchetes', content }] }))));
    expect(item?.content).toBe(content);
  });

  it.each(['1.0', '1.1', '1.2'] as const)('reads the wp: namespace of WXR %s alike', async (version) => {
    const items = itemsOf(await entriesOf(fileOf(wxr({ ...sample, version }))));
    expect(items.map((item) => item.id)).toEqual(sample.items.map((item) => item.id));
    expect(items[0]?.status).toBe('publish');
  });

  it('reads titles written as escaped text (older WordPress), HTML’s named entities outside CDATA included', async () => {
    const text = wxr({ titleCdata: false, items: [{ id: 1, title: 'Casa & Obra: construção' }] }).replace(
      'construção',
      'constru&ccedil;&atilde;o',
    );
    const [item] = itemsOf(await entriesOf(fileOf(text)));
    expect(item?.title).toBe('Casa & Obra: construção');
  });

  it('matches elements by namespace, whatever the prefix', async () => {
    const text = wxr({ items: [{ id: 7, title: 'Outro prefixo', status: 'draft' }] })
      .replaceAll('wp:', 'wordpress:')
      .replace('xmlns:wp=', 'xmlns:wordpress=');
    const [item] = itemsOf(await entriesOf(fileOf(text)));
    expect(item).toMatchObject({ id: 7, status: 'draft' });
  });

  it('drops the control characters XML forbids (pasted from Word), keeping the lines', async () => {
    const [item] = itemsOf(
      await entriesOf(fileOf(wxr({ items: [{ id: 1, title: 'Título\u000b com tabulação vertical', content: 'a\u0008b\nc' }] }))),
    );
    expect(item).toMatchObject({ title: 'Título com tabulação vertical', content: 'ab\nc' });
  });
});

describe('a file that is not a readable export', () => {
  const good = wxr(sampleExport());
  const lines = good.split('\n');
  const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;

  it('cut short: the line where it ends, and that it seems cut', async () => {
    const cut = good.slice(0, good.indexOf('<wp:post_id>12</wp:post_id>'));
    const error = await errorOf(cut);
    expect(error.message).toMatch(
      /^o arquivo de exportação tem um erro na linha \d+: o arquivo termina antes de fechar <[^>]+>: ele parece cortado/,
    );
    expect(error.line).toBe(cut.split('\n').length);
  });

  it('a tag closed that was never opened: its line, no stack trace', async () => {
    const broken = good.replace('<wp:status><![CDATA[private]]></wp:status>', '<wp:status><![CDATA[private]]></wp:estado>');
    const error = await errorOf(broken);
    expect(error.line).toBe(lineOf('<![CDATA[private]]></wp:status>'));
    expect(error.message).toBe(
      `o arquivo de exportação tem um erro na linha ${error.line}: <wp:status> não é fechado: o fechamento que vem depois dele é de outro elemento`,
    );
  });

  it('an entity XML and HTML do not know', async () => {
    const error = await errorOf(good.replace('<title>Casa &amp; Obra</title>', '<title>Casa &obra; Obra</title>'));
    expect(error.message).toBe(
      `o arquivo de exportação tem um erro na linha ${lineOf('<title>Casa &amp; Obra')}: há uma entidade (&nome;) que o XML não conhece`,
    );
  });

  it('another XML file, an RSS feed without WordPress’s elements, an empty file, a missing one', async () => {
    expect((await errorOf('<?xml version="1.0"?>\n<html><body/></html>')).message).toBe(
      'o arquivo não é uma exportação do WordPress: ele começa com <html>, e uma exportação (Ferramentas → Exportar) começa com <rss>',
    );
    expect(
      (await errorOf('<rss version="2.0"><channel><title>Feed</title><item><title>Um</title></item></channel></rss>')).message,
    ).toMatch(/^o arquivo é um feed RSS, mas não uma exportação do WordPress/);
    expect((await errorOf('')).message).toBe('o arquivo de exportação tem um erro na linha 1: o arquivo está vazio');
    await expect(entriesOf(join(folder, 'nao-existe.xml'))).rejects.toThrow(/^o arquivo de exportação .*nao-existe\.xml não existe$/);
  });
});

describe('reading a large export', () => {
  it('pulls the file only as fast as the entries are taken', async () => {
    const description: WxrDescription = { items: generatedPosts(1000) };
    let pulled = 0;
    let closed = false;
    async function* source() {
      try {
        for (const chunk of wxrChunks(description)) {
          pulled++;
          yield chunk;
        }
      } finally {
        closed = true;
      }
    }
    const taken: number[] = [];
    for await (const entry of readWxrStream(source())) {
      if (entry.kind !== 'item') continue;
      taken.push(entry.item.id);
      // Each chunk of the source is one item: after the third item, the reader has read four chunks (the channel's start, three items).
      expect(pulled).toBe(taken.length + 1);
      if (taken.length === 3) break;
    }
    expect(taken).toEqual([1000, 1001, 1002]);
    expect(closed).toBe(true);
  });

  it('reads a file of tens of megabytes item by item, its memory not growing with the file', async () => {
    const path = join(folder, 'grande.xml');
    writeWxrFile(path, { ...sampleExport(), items: generatedPosts(4000, { paragraphs: 10 }) });
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(20 * 1024 * 1024);
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    collect();
    const before = process.memoryUsage().heapUsed;
    let most = 0;
    let items = 0;
    for await (const entry of readWxr(path)) {
      if (entry.kind !== 'item' || ++items % 500 !== 0) continue;
      collect();
      most = Math.max(most, process.memoryUsage().heapUsed - before);
    }
    expect(items).toBe(4000);
    // Holding the file would take more than its size (JavaScript strings are two bytes a character); one item at a time takes a sliver.
    expect(most).toBeLessThan(size / 4);
  });
});
