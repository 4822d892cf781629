import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { bodyKey, imageKey } from '#src/content/schema/format.ts';
import { variantFile, variantFiles, WEBP_ONLY } from '#src/content/schema/image-variants.ts';
import { API_PATHS, type ApiAnswer, type ImportDraftsManifest, type ImportedAnswer, PUBLISH_PARTS } from '#src/newsroom/api/wire.ts';
import { DraftsStore } from '#src/newsroom/drafts/drafts-store.ts';
import { PATHS } from '#src/newsroom/paths.ts';
import { shareImageOf } from '#src/newsroom/shared/media-names.ts';
import { clearKv, fetchPath, RESET_PUBLISH_STATE } from '../helpers';
import { preparedArticle, publishForm } from './api-fixtures';
import { png, webp } from './media-fixtures';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

/**
 * The newsroom's side of the WordPress import: articles published through
 * the publish route carrying the posts they come from, drafts with their
 * images, and the record that makes a second run change nothing.
 */

const ORIGIN_SITE = 'https://antigo.example.com';
const reset = () =>
  env.DB.exec(
    `${RESET_PUBLISH_STATE} DELETE FROM newsroom_actions; DELETE FROM newsroom_people; DELETE FROM search_pending; DELETE FROM imported_posts; DELETE FROM newsroom_revisions; DELETE FROM newsroom_drafts;`,
  );

const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
const clearMedia = async () => {
  const { objects } = await env.MEDIA.list();
  if (objects.length > 0) await env.MEDIA.delete(objects.map(({ key }) => key));
};
beforeEach(async () => {
  forgetLiveIndex();
  await reset();
  await clearMedia();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  await reset();
  vi.restoreAllMocks();
});

const publish = (form: FormData) => newsroomRequest(API_PATHS.publish, { method: 'POST', token: chief, multipart: form });
const imported = async () =>
  (await (
    await newsroomRequest(`${API_PATHS.imported}?origem=${encodeURIComponent(ORIGIN_SITE)}`, { token: chief })
  ).json()) as ImportedAnswer;

/** An article as the import prepares it: WebP variants only, recorded in its entry. */
function importedArticle(slug: string, title?: string) {
  const article = preparedArticle(slug, title);
  const item = article.entry.item as { imagemAtual: string };
  for (const name of variantFiles(item.imagemAtual)) if (name.endsWith('.avif')) article.files.delete(imageKey(name));
  article.entry.variants = variantFiles(item.imagemAtual, WEBP_ONLY).map(imageKey);
  article.entry.item = { ...(article.entry.item as object), formatosImagem: WEBP_ONLY };
  return article;
}

const LONG_TITLE = `Como o mercado imobiliário de São Paulo reagiu à alta dos juros, bairro por bairro, e o que esperar dos preços até o fim do ano`;

describe('articles the import publishes', () => {
  it('are live with WebP variants only, recorded under their posts, listed for the next run, with the history saying where they came from', async () => {
    const article = importedArticle('casa-de-praia');
    const form = publishForm([article], {
      replace: true,
      imported: { origin: ORIGIN_SITE, posts: [{ postId: 42, sourceHash: 'abcdef0123456789' }] },
    });
    const response = await publish(form);
    const answer = (await response.json()) as ApiAnswer;
    expect(response.status, answer.message).toBe(200);
    expect((await fetchPath('/noticia/casa-de-praia')).status).toBe(200);
    expect((await imported()).posts).toEqual([{ postId: 42, sourceHash: 'abcdef0123456789', slug: 'casa-de-praia', draftId: null }]);
    const action = await env.DB.prepare('SELECT detail FROM newsroom_actions').first<{ detail: string }>();
    expect(action!.detail).toContain(`importado do WordPress (${ORIGIN_SITE})`);
  });

  it('keep an archive title past 90 characters only when imported (decision 049)', async () => {
    const plain = await publish(publishForm([preparedArticle('titulo-longo', LONG_TITLE)]));
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as ApiAnswer).message).toContain('caracteres');
    const archive = await publish(
      publishForm([importedArticle('titulo-longo', LONG_TITLE)], {
        imported: { origin: ORIGIN_SITE, posts: [{ postId: 7, sourceHash: '0123456789abcdef' }] },
      }),
    );
    expect(archive.status, ((await archive.clone().json()) as ApiAnswer).message).toBe(200);
    expect(await (await fetchPath('/noticia/titulo-longo')).text()).toContain('bairro por bairro');
  });

  it('keep an archive brief of a few words only when imported (decision 049)', async () => {
    const brief = (article: ReturnType<typeof preparedArticle>) => {
      const body = '<p>Nota curta do arquivo.</p>';
      article.entry.body = body;
      article.entry.item = { ...(article.entry.item as object), htmlPath: bodyKey('nota-curta', contentHash(body)) };
      return article;
    };
    const plain = await publish(publishForm([brief(preparedArticle('nota-curta'))]));
    expect(((await plain.json()) as ApiAnswer).message).toContain('um artigo tem pelo menos 80');
    const archive = await publish(
      publishForm([brief(importedArticle('nota-curta'))], {
        imported: { origin: ORIGIN_SITE, posts: [{ postId: 8, sourceHash: '0123456789abcdef' }] },
      }),
    );
    expect(archive.status).toBe(200);
    expect(await (await fetchPath('/noticia/nota-curta')).text()).toContain('Nota curta do arquivo.');
  });

  it('refuses a list of posts that does not match the articles: nothing published', async () => {
    const form = publishForm([importedArticle('desencontrado')], { imported: { origin: ORIGIN_SITE, posts: [] } });
    const response = await publish(form);
    expect(response.status).toBe(400);
    expect((await fetchPath('/noticia/desencontrado')).status).toBe(404);
  });
});

/** A stored image as the import sends it: a 1200×675 PNG named by its hash, and its three WebP variants. */
function storedImage(seed: string) {
  const bytes = png(1200, 675, seed);
  const name = `${contentHash(bytes)}.png`;
  const files = new Map<string, Uint8Array>([[name, bytes]]);
  for (const width of [480, 800, 1200])
    files.set(variantFile(name, width, 'webp'), webp(width, Math.round((width * 9) / 16), `${seed}${width}`));
  files.set(shareImageOf(name), webp(1200, 630, `${seed}-compartilhar`));
  return { name, files };
}

function draftsForm(manifest: Partial<ImportDraftsManifest> & Pick<ImportDraftsManifest, 'drafts'>, files: Map<string, Uint8Array>) {
  const form = new FormData();
  form.set(PUBLISH_PARTS.manifest, JSON.stringify({ origin: ORIGIN_SITE, dryRun: false, ...manifest }));
  for (const [name, bytes] of files) form.set(PUBLISH_PARTS.file(name), new File([bytes], name));
  return form;
}

const draft = (postId: number, sourceHash: string, image: string, title = 'Um rascunho que veio do WordPress antigo') => ({
  postId,
  sourceHash,
  createdBy: 'ana@antigo.example.com',
  fields: { titulo: title, imagem: image, nao: 'um campo que o rascunho não tem' },
  body: `Primeiro parágrafo.\n\n![Fachada de um prédio antigo](imagens/${image})\n`,
  notes: ['a imagem do texto planta.jpg não pôde ser usada: não está na pasta uploads'],
});

const sendDrafts = (form: FormData, token = chief) => newsroomRequest(API_PATHS.importDrafts, { method: 'POST', token, multipart: form });

describe('drafts the import sends', () => {
  it('are created with their images, by the post’s author, the notes shown on their page; the same post again is nothing to do', async () => {
    const image = storedImage('rascunho');
    const response = await sendDrafts(draftsForm({ drafts: [draft(10, 'aaaaaaaaaaaaaaaa', image.name)] }, image.files));
    const answer = (await response.json()) as ApiAnswer & { outcomes: { result: string; draftId: string }[] };
    expect(response.status, answer.message).toBe(200);
    expect(answer.outcomes[0]!.result).toBe('criado');
    const id = answer.outcomes[0]!.draftId;
    const stored = await new DraftsStore(env.DB).get(id);
    expect(stored).toMatchObject({
      createdBy: 'ana@antigo.example.com',
      version: 1,
      fields: { titulo: 'Um rascunho que veio do WordPress antigo', imagem: image.name },
    });
    expect(stored!.fields).not.toHaveProperty('nao');
    for (const name of image.files.keys()) expect(await env.MEDIA.head(`redacao/${name}`), name).not.toBeNull();
    const page = await (await newsroomRequest(PATHS.draft(id), { token: chief })).text();
    expect(page).toContain('Importado do WordPress: a imagem do texto planta.jpg não pôde ser usada');

    const again = (await (
      await sendDrafts(draftsForm({ drafts: [draft(10, 'aaaaaaaaaaaaaaaa', image.name)] }, new Map()))
    ).json()) as ApiAnswer;
    expect(again.lines).toEqual(['post 10: nada a fazer']);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM newsroom_drafts').first<{ n: number }>())!.n).toBe(1);
  });

  it('rewrite a draft nobody edited when the post changed, and never one a journalist edited', async () => {
    const image = storedImage('muda');
    const first = (await (await sendDrafts(draftsForm({ drafts: [draft(11, 'aaaaaaaaaaaaaaaa', image.name)] }, image.files))).json()) as {
      outcomes: { draftId: string }[];
    };
    const id = first.outcomes[0]!.draftId;
    const changed = draft(11, 'bbbbbbbbbbbbbbbb', image.name, 'O título mudou no WordPress antes da segunda rodada');
    const second = (await (await sendDrafts(draftsForm({ drafts: [changed] }, new Map()))).json()) as ApiAnswer;
    expect(second.lines).toEqual(['post 11: rascunho atualizado (mudou no WordPress)']);
    const store = new DraftsStore(env.DB);
    expect((await store.get(id))!.fields.titulo).toBe('O título mudou no WordPress antes da segunda rodada');

    const edited = await store.get(id);
    await store.save(
      id,
      edited!.version,
      { fields: { ...edited!.fields, titulo: 'A jornalista reescreveu este título' }, body: edited!.body },
      CHIEF,
      Date.now(),
    );
    const third = (await (
      await sendDrafts(draftsForm({ drafts: [draft(11, 'cccccccccccccccc', image.name)] }, new Map()))
    ).json()) as ApiAnswer;
    expect(third.lines[0]).toContain('editado na redação');
    expect((await store.get(id))!.fields.titulo).toBe('A jornalista reescreveu este título');
  });

  it('refuse, writing nothing: a file not named by its bytes, a variant without its image, an image no draft uses', async () => {
    const image = storedImage('hostil');
    const renamed = new Map(image.files);
    renamed.set(image.name, png(1200, 675, 'outros bytes'));
    const orphan = new Map([[variantFile('0123456789.png', 480, 'webp'), webp(480, 270, 'x')]]);
    const orphanShare = new Map([[shareImageOf('0123456789.png'), webp(1200, 630, 'x')]]);
    const wrongShare = new Map([...image.files, [shareImageOf(image.name), webp(1200, 675, 'x')]]);
    const unused = new Map([...image.files, ...storedImage('sobra').files]);
    const base = draft(12, 'aaaaaaaaaaaaaaaa', image.name);
    for (const [what, files] of [
      ['renamed', renamed],
      ['orphan variant', orphan],
      ['orphan share image', orphanShare],
      ['share image of the wrong size', wrongShare],
      ['unused image', unused],
    ] as const) {
      const response = await sendDrafts(draftsForm({ drafts: [base] }, files));
      expect(response.status, what).toBe(400);
      expect(((await response.json()) as ApiAnswer).message, what).toMatch(/^Nenhum rascunho foi gravado: /);
    }
    expect((await env.DB.prepare('SELECT count(*) AS n FROM newsroom_drafts').first<{ n: number }>())!.n).toBe(0);
    expect((await env.MEDIA.list({ prefix: 'redacao/' })).objects).toEqual([]);
  });

  it('refuse a draft whose image is neither sent nor stored; a colaborador, and a request without the anti-forgery pair', async () => {
    const missing = (await (
      await sendDrafts(draftsForm({ drafts: [draft(13, 'aaaaaaaaaaaaaaaa', 'abcdef0123.png')] }, new Map()))
    ).json()) as ApiAnswer;
    expect(missing.ok).toBe(false);
    expect(missing.lines).toEqual(['post 13: falta a imagem abcdef0123.png; nada foi gravado']);
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const image = storedImage('papel');
    expect((await sendDrafts(draftsForm({ drafts: [draft(14, 'aaaaaaaaaaaaaaaa', image.name)] }, image.files), colab)).status).toBe(403);
    const noXsrf = await newsroomRequest(API_PATHS.importDrafts, {
      method: 'POST',
      token: chief,
      xsrf: false,
      multipart: draftsForm({ drafts: [draft(14, 'aaaaaaaaaaaaaaaa', image.name)] }, image.files),
    });
    expect(noXsrf.status).toBe(403);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM newsroom_drafts').first<{ n: number }>())!.n).toBe(0);
  });
});
