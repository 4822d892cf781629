import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore, PHOTOS_PER_PAGE } from '#src/newsroom/library/library-store.ts';
import { collectMedia, MEDIA_GRACE_MS } from '#src/newsroom/library/media-gc.ts';
import { USES_SHOWN, whereUsed } from '#src/newsroom/library/where-used.ts';
import { mediaKey } from '#src/newsroom/media/media-store.ts';

/**
 * A newsroom after years of work: 5,000 drafts with 3 revisions each, each
 * with a main image and a figure in a text of a few KB, 12,000 photos in
 * the library, and 20,000 live articles. The library's page, its search, where-used and the gc of R2
 * still answer with the right photos, every list bounded (no timing asserts:
 * `npm run bench` is where speed is judged).
 */
const DRAFTS = 5_000;
const PHOTOS = 12_000;
const LIVE = 20_000;
const FILLER = 'Parágrafo de texto de uma matéria sobre o mercado imobiliário. '.repeat(40);

const nameOf = (i: number) => `${i.toString(16).padStart(10, '0')}.webp`;
/** A live article's figure (`figuras`), never held by the newsroom. */
const figureOf = (i: number, k: number) => `artigo-${i}-${(1_000_000 + 2 * i + k).toString(16).padStart(10, '0')}.webp`;
const library = new LibraryStore(env.DB);

beforeAll(async () => {
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < PHOTOS; at += 500) {
    const rows = Array.from({ length: 500 }, (_, n) => at + n).map(
      (i) => `('${nameOf(i)}', 1600, 900, 'Foto ${i} de arquivo', 'Foto: Arquivo ${i % 7 === 0 ? 'Folhapress' : 'Casa'}', ${i}, 'teste')`,
    );
    statements.push(
      env.DB.prepare(`INSERT INTO newsroom_media (name, width, height, alt, credit, uploaded_at, uploaded_by) VALUES ${rows.join(',')}`),
    );
  }
  for (let at = 0; at < DRAFTS; at += 100) {
    const drafts: string[] = [];
    const revisions: string[] = [];
    for (let i = at; i < at + 100; i++) {
      // Draft i uses photo 2i as its main image and 2i+1 in its text; photos from 2·DRAFTS on are used by nobody.
      const fields = JSON.stringify({
        titulo: `Matéria ${i}${i === 4_321 ? ' sobre a Avenida Paulista' : ''}`,
        imagem: nameOf(2 * i),
        alt: 'Foto',
      });
      // The filler is bound once per statement (?1): D1 refuses a statement's text past 100 KB.
      const body = `?1 || '\n\n![Figura](imagens/${nameOf(2 * i + 1)})\n'`;
      const id = `00000000-0000-4000-8000-${i.toString().padStart(12, '0')}`;
      drafts.push(`('${id}', '${fields}', ${body}, 3, 'teste', ${i}, 'teste', ${i})`);
      for (const version of [1, 2, 3]) revisions.push(`('${id}', ${version}, '${fields}', ${body}, 'teste', ${i})`);
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO newsroom_drafts (id, fields, body, version, created_by, created_at, updated_by, updated_at) VALUES ${drafts.join(',')}`,
      ).bind(FILLER),
      env.DB.prepare(
        `INSERT INTO newsroom_revisions (draft_id, version, fields, body, saved_by, saved_at) VALUES ${revisions.join(',')}`,
      ).bind(FILLER),
    );
  }
  // The live site: 20,000 articles in the search table, each with its main image and two figures; the newest 2,000 main images have a copy in the newsroom (photos 0–1,999).
  // 250 rows a statement: with their figures, 500 pass the largest statement D1 takes.
  for (let at = 0; at < LIVE; at += 250) {
    const rows = Array.from({ length: 250 }, (_, n) => at + n).map((i) => {
      const image = i < 2_000 ? `artigo-${i}-${nameOf(i)}` : `artigo-${i}-${(100_000 + i).toString(16).padStart(10, '0')}.webp`;
      const item = JSON.stringify({
        slug: `artigo-${i}`,
        titulo: `Artigo ${i}`,
        imagemAtual: image,
        alt: `Imagem do artigo ${i}`,
        credito: 'Foto: Site',
        figuras: [0, 1].map((k) => figureOf(i, k)),
      });
      return `('artigo-${i}', ${-i}, '${item}', 'v')`;
    });
    statements.push(env.DB.prepare(`INSERT INTO search_articles (slug, published, item, version) VALUES ${rows.join(',')}`));
  }
  for (let at = 0; at < statements.length; at += 20) await env.DB.batch(statements.slice(at, at + 20));
}, 120_000);

describe('the photo library at scale', () => {
  it('pages the newest photos and finds one by the title of the draft using it', async () => {
    const first = await library.list({ query: '', page: 1 });
    // Every photo once: the newsroom's, and the live articles' that it has no copy of (main images and figures).
    expect(first.total).toBe(PHOTOS + LIVE - 2_000 + 2 * LIVE);
    expect(first.photos.map((photo) => photo.name)).toEqual(Array.from({ length: PHOTOS_PER_PAGE }, (_, n) => nameOf(PHOTOS - 1 - n)));
    const byTitle = await library.list({ query: 'Avenida Paulista', page: 1 });
    expect(byTitle.photos.map((photo) => photo.name).sort()).toEqual([nameOf(8_642), nameOf(8_643)]);
    const live = await library.list({ query: 'Artigo 19999', page: 1 });
    expect(live.photos.map((photo) => [photo.name, photo.article?.slug]).sort()).toEqual([
      [`artigo-19999-${(119_999).toString(16).padStart(10, '0')}.webp`, 'artigo-19999'],
      [figureOf(19_999, 0), 'artigo-19999'],
      [figureOf(19_999, 1), 'artigo-19999'],
    ]);
    const byCredit = await library.list({ query: 'Folhapress', page: 2 });
    expect(byCredit.total).toBe(Math.ceil(PHOTOS / 7));
    expect(byCredit.photos).toHaveLength(PHOTOS_PER_PAGE);
  });

  it('finds where a photo is used among thousands of drafts, as main image or in the text', async () => {
    const main = await whereUsed(env.DB, nameOf(2 * 1_234));
    expect(main.uses.map((use) => [use.draft.fields.titulo, use.main, use.inText])).toEqual([['Matéria 1234', true, false]]);
    const figure = await whereUsed(env.DB, nameOf(2 * 1_234 + 1));
    expect(figure.uses.map((use) => [use.main, use.inText])).toEqual([[false, true]]);
    expect((await whereUsed(env.DB, nameOf(PHOTOS - 1))).uses).toEqual([]);
    expect(USES_SHOWN).toBeLessThanOrEqual(100);
  });

  it('collects the unused images of a bucket of a few thousand files, and keeps every used one', async () => {
    // Files for photos 11,000–11,999 (nobody's) and 0–199 (drafts 0–99's): 1,200 images, 4,800 files.
    const stored = [...Array.from({ length: 1_000 }, (_, n) => 11_000 + n), ...Array.from({ length: 200 }, (_, n) => n)];
    for (let at = 0; at < stored.length; at += 100) {
      await Promise.all(
        stored
          .slice(at, at + 100)
          .flatMap((i) =>
            [nameOf(i), ...[480, 800, 1200].map((w) => nameOf(i).replace('.webp', `-${w}w.webp`))].map((file) =>
              env.MEDIA.put(mediaKey(file), 'x'),
            ),
          ),
      );
    }
    const now = Date.now();
    const first = await collectMedia(env, now);
    expect(first.complete).toBe(true);
    expect(first.found).toBe(1_000);
    const second = await collectMedia(env, now + MEDIA_GRACE_MS);
    expect(second.deleted).toHaveLength(4_000);
    expect(await env.MEDIA.head(mediaKey(nameOf(11_000)))).toBeNull();
    for (const i of [0, 1, 57, 199]) expect(await env.MEDIA.head(mediaKey(nameOf(i)))).not.toBeNull();
    expect(await library.get(nameOf(11_500))).toBeNull();
    expect(await library.get(nameOf(198))).not.toBeNull();
  }, 300_000);
});
