import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { clearKv, failingKv, fetchPath, RESET_PUBLISH_STATE } from '../helpers';
import { png, webp } from './media-fixtures';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

/** The authors page: editors change an author's text or add one, and the engine publishes it at once. */

const BIO = 'Jornalista de economia, cobre crédito imobiliário, juros e o mercado de lançamentos nas capitais do Sul.';
const COLLABORATOR = 'colab@casaempauta.com.br';

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
beforeEach(async () => {
  forgetLiveIndex();
  await env.DB.exec(RESET_PUBLISH_STATE);
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  await env.DB.exec(RESET_PUBLISH_STATE);
  for (const quiet of [console.log, console.error]) if (vi.isMockFunction(quiet)) quiet.mockRestore();
});

const save = (path: string, form: Record<string, string>, token = chief) => newsroomRequest(path, { method: 'POST', token, form });
/** A save as the page sends it once a photo is picked: multipart, with the prepared file. */
const saveWithPhoto = (path: string, form: Record<string, string>, photo?: Uint8Array) => {
  const multipart = new FormData();
  for (const [name, value] of Object.entries(form)) multipart.set(name, value);
  if (photo) multipart.set('foto', new File([photo], 'foto.webp', { type: 'image/webp' }));
  return newsroomRequest(path, { method: 'POST', token: chief, multipart });
};
const readerPage = async (path: string) => {
  forgetLiveIndex();
  return (await fetchPath(path)).text();
};

describe('the authors page', () => {
  it("lists the site's authors, and an edit is on the author's page at once, photo kept", async () => {
    const list = await (await newsroomRequest('/redacao/autores', { token: chief })).text();
    expect(list).toContain('Camila Nogueira');
    expect(list).toContain('action="/redacao/autores/camila-nogueira"');

    const saved = await save('/redacao/autores/camila-nogueira', {
      nome: 'Camila  Nogueira',
      cargo: 'Repórter de crédito imobiliário',
      bio: BIO,
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe('/redacao/autores?salvo=Camila%20Nogueira');
    const page = await readerPage('/autor/camila-nogueira');
    expect(page).toContain(BIO);
    expect(page).toContain('Repórter de crédito imobiliário');
    // The photo the registry held is still the author's.
    expect(page).toMatch(/<img[^>]+camila-nogueira[^>]*\.webp/);
    expect(await (await newsroomRequest('/redacao/autores?salvo=Camila%20Nogueira', { token: chief })).text()).toContain(
      'Camila Nogueira: salvo e publicado.',
    );
  });

  it('adds an author, who then signs articles and has a page; the same name twice makes one', async () => {
    const form = { nome: 'Beatriz Lima', cargo: 'Repórter de arquitetura', bio: BIO };
    expect((await save('/redacao/autores', form)).status).toBe(303);
    expect(await readerPage('/autor/beatriz-lima')).toContain('Beatriz Lima');
    const again = await save('/redacao/autores', form);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Já existe um autor com o endereço &quot;beatriz-lima&quot;');
    // The draft form now offers her as a byline.
    const people = await (await newsroomRequest('/redacao/equipe', { token: chief })).text();
    expect(people).toContain('<option value="beatriz-lima">Beatriz Lima</option>');
  });

  it('refuses text the site would not take, in the words of the field, and keeps what was written', async () => {
    const short = await save('/redacao/autores/camila-nogueira', { nome: 'Camila Nogueira', cargo: 'Repórter', bio: 'Curta.' });
    expect(short.status).toBe(400);
    const page = await short.text();
    expect(page).toContain('A biografia tem 6 caracteres: escreva de 20 a 600. Nada foi publicado.');
    expect(page).toContain('>Curta.</textarea>');
    // Nothing reached the site.
    expect(await readerPage('/autor/camila-nogueira')).not.toContain('Curta.');
    expect((await fetchPath('/autor/ana-souza')).status).toBe(404);
  });

  it('drops the unseen characters a paste brings (the site refuses them), and keeps markup as text', async () => {
    expect((await save('/redacao/autores', { nome: 'Ana Souza', cargo: 'Repórter\u0007 de mercado', bio: BIO })).status).toBe(303);
    expect(await readerPage('/autor/ana-souza')).toContain('Repórter de mercado');
    // Markup is text: shown as written, escaped, never run.
    expect((await save('/redacao/autores', { nome: 'Ana <b>Souza</b>', cargo: 'Repórter de mercado', bio: BIO })).status).toBe(303);
    expect(await readerPage('/autor/ana-b-souza-b')).toContain('Ana &lt;b&gt;Souza&lt;/b&gt;');
  });

  it('publishes the photo the page prepared, under its hash, keeps it through a text edit, and takes it away when asked', async () => {
    const camila = { nome: 'Camila Nogueira', cargo: 'Repórter de crédito imobiliário', bio: BIO };
    const photo = webp(192, 192, 'camila-nova');
    const file = `autor-camila-nogueira-${contentHash(photo)}.webp`;
    expect((await saveWithPhoto('/redacao/autores/camila-nogueira', camila, photo)).status).toBe(303);
    expect(await readerPage('/autor/camila-nogueira')).toContain(`src="/thumbnails/${file}"`);
    const served = await fetchPath(`/thumbnails/${file}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(photo);
    // The newsroom shows it as the current photo.
    expect(await (await newsroomRequest('/redacao/autores', { token: chief })).text()).toContain(`src="/thumbnails/${file}"`);

    // A save with no file picked keeps it.
    expect((await saveWithPhoto('/redacao/autores/camila-nogueira', { ...camila, cargo: 'Editora de crédito' })).status).toBe(303);
    expect(await readerPage('/autor/camila-nogueira')).toContain(`src="/thumbnails/${file}"`);

    // The box takes it away: initials stand in.
    expect((await saveWithPhoto('/redacao/autores/camila-nogueira', { ...camila, 'sem-foto': 'sim' })).status).toBe(303);
    const without = await readerPage('/autor/camila-nogueira');
    expect(without).not.toContain('/thumbnails/autor-camila-nogueira');
    expect(without).toMatch(/class="author-avatar author-avatar-large" aria-hidden="true">CN</);

    // A new author may come with a photo.
    const beatriz = webp(192, 192, 'beatriz');
    expect(
      (await saveWithPhoto('/redacao/autores', { nome: 'Beatriz Lima', cargo: 'Repórter de arquitetura', bio: BIO }, beatriz)).status,
    ).toBe(303);
    expect(await readerPage('/autor/beatriz-lima')).toContain(`src="/thumbnails/autor-beatriz-lima-${contentHash(beatriz)}.webp"`);

    // The history of the No ar page says who did each, newest first.
    const history = await (await newsroomRequest('/redacao/no-ar', { token: chief })).text();
    const lines = [`${CHIEF} adicionou o autor <strong>Beatriz Lima</strong>`, `${CHIEF} alterou o autor <strong>Camila Nogueira</strong>`];
    for (const line of lines) expect(history).toContain(line);
    expect(history.indexOf(lines[0]!)).toBeLessThan(history.indexOf(lines[1]!));
    expect(history).toContain('nome, cargo, biografia e foto nova publicados');
    expect(history).toContain('nome, cargo e biografia publicados; foto tirada (o site mostra as iniciais)');
  });

  it('refuses a photo the page did not prepare (the picked file as it is, without JavaScript), and publishes nothing', async () => {
    const before = await readerPage('/autor/camila-nogueira');
    const camila = { nome: 'Camila Nogueira', cargo: 'Editora de crédito', bio: BIO };
    for (const photo of [webp(800, 800, 'grande'), png(192, 192, 'png'), new TextEncoder().encode('não é imagem')]) {
      const refused = await saveWithPhoto('/redacao/autores/camila-nogueira', camila, photo);
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain('A foto não chegou preparada por esta página (recortada em 192×192, WebP)');
      // What was written comes back in the form.
      expect(page).toContain('value="Editora de crédito"');
    }
    expect(await readerPage('/autor/camila-nogueira')).toBe(before);

    // A prepared photo sent with a field the site refuses: the photo must be picked again (a browser never refills a picker).
    const short = await saveWithPhoto('/redacao/autores/camila-nogueira', { ...camila, bio: 'Curta.' }, webp(192, 192, 'de-novo'));
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('A biografia tem 6 caracteres: escreva de 20 a 600. Nada foi publicado. Escolha a foto de novo.');
  });

  it('a photo sent as picked and too large for a form is answered 413 in the words of the photo', async () => {
    const huge = new Uint8Array(2 * 1024 * 1024);
    const refused = await saveWithPhoto('/redacao/autores/camila-nogueira', { nome: 'Camila Nogueira', cargo: 'Editora', bio: BIO }, huge);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain('A foto chegou sem ser reduzida pela página');
  });

  it('a history that cannot be written neither undoes nor hides the save', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await env.DB.exec('ALTER TABLE newsroom_actions RENAME TO newsroom_actions_away');
    try {
      const saved = await save('/redacao/autores', { nome: 'Beatriz Lima', cargo: 'Repórter de arquitetura', bio: BIO });
      expect(saved.status).toBe(303);
    } finally {
      await env.DB.exec('ALTER TABLE newsroom_actions_away RENAME TO newsroom_actions');
    }
    expect(await readerPage('/autor/beatriz-lima')).toContain('Beatriz Lima');
    expect(logged.mock.calls.flat().join(' ')).toContain('newsroom_history_unrecorded');
  });

  it("says so when the site's authors cannot be read, rather than showing an empty list", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await (await newsroomRequest('/redacao/autores', { token: chief, env: { NEWS: failingKv } })).text();
    expect(page).toContain('Os autores do site não puderam ser lidos agora.');
    expect(page).toContain('Novo autor');
  });

  it('is for editors only, and a save needs the anti-forgery pair', async () => {
    await addPerson(COLLABORATOR, 'colaborador');
    const collaborator = await accessToken(keys, COLLABORATOR);
    expect((await newsroomRequest('/redacao/autores', { token: collaborator })).status).toBe(403);
    expect((await save('/redacao/autores', { nome: 'Beatriz Lima', cargo: 'Repórter', bio: BIO }, collaborator)).status).toBe(403);
    const forged = await newsroomRequest('/redacao/autores', {
      method: 'POST',
      token: chief,
      xsrf: false,
      form: { nome: 'Beatriz Lima', cargo: 'Repórter de arquitetura', bio: BIO },
    });
    expect(forged.status).toBe(403);
    expect((await fetchPath('/autor/beatriz-lima')).status).toBe(404);
    // An author the site does not have is not made by an edit.
    const gone = await save('/redacao/autores/ninguem-aqui', { nome: 'Ninguém Aqui', cargo: 'Repórter', bio: BIO });
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain('Este autor não está mais no site. Nada foi publicado.');
  });
});
