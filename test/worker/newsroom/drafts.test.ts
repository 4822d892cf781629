import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REVISIONS_KEPT } from '#src/newsroom/drafts/drafts-store.ts';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

const JSON_ACCEPT = 'application/json';
const TITLE = 'Casas de madeira voltam a crescer no Sul do país';

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);

/** Starts a draft as `token`'s holder and returns its address. */
async function newDraft(token: string): Promise<string> {
  const response = await newsroomRequest('/redacao/rascunhos', { method: 'POST', token });
  expect(response.status).toBe(303);
  return response.headers.get('Location')!;
}

/** Saves a draft's title and body over `version`, as the autosave does. */
const save = (path: string, token: string, version: number, titulo: string, corpo: string, accept = JSON_ACCEPT) =>
  newsroomRequest(path, { method: 'POST', token, accept, form: { versao: String(version), titulo, corpo, temas: ['arquitetura'] } });

const storedDraft = (path: string) =>
  env.DB.prepare('SELECT version, fields, body, updated_by FROM newsroom_drafts WHERE id = ?')
    .bind(path.split('/').pop())
    .first<{ version: number; fields: string; body: string; updated_by: string }>();

describe('drafts that nobody loses', () => {
  it('saves a draft as a new version, and shows it on its page', async () => {
    const path = await newDraft(chief);
    const response = await save(path, chief, 1, TITLE, 'Primeiro parágrafo.');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ version: 2, updatedBy: CHIEF });
    const page = await (await newsroomRequest(path, { token: chief })).text();
    expect(page).toContain(TITLE);
    expect(page).toContain('Primeiro parágrafo.');
    const list = await (await newsroomRequest('/redacao', { token: chief })).text();
    expect(list).toContain(TITLE);
    expect(list).toContain('rascunho');
  });

  it('refuses a save over a newer version with 409 and both versions, and loses nothing', async () => {
    await addPerson('reporter@casaempauta.com.br', 'editor');
    const reporter = await accessToken(keys, 'reporter@casaempauta.com.br');
    const path = await newDraft(chief);
    expect((await save(path, chief, 1, TITLE, 'O texto da chefe.')).status).toBe(200);
    const stale = await save(path, reporter, 1, TITLE, 'O texto do repórter.');
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as {
      mine: { body: string; version: number };
      current: { body: string; version: number; updatedBy: string };
    };
    expect(conflict.mine).toMatchObject({ body: 'O texto do repórter.', version: 1 });
    expect(conflict.current).toMatchObject({ body: 'O texto da chefe.', version: 2, updatedBy: CHIEF });
    expect(await storedDraft(path)).toMatchObject({ version: 2, body: 'O texto da chefe.' });
    // Keeping the refused version is a save over the version it was shown against.
    expect((await save(path, reporter, 2, TITLE, 'O texto do repórter.')).status).toBe(200);
    expect(await storedDraft(path)).toMatchObject({ version: 3, body: 'O texto do repórter.', updated_by: 'reporter@casaempauta.com.br' });
  });

  it('shows both versions side by side, each kept one click away, when a form without JavaScript is stale', async () => {
    const path = await newDraft(chief);
    await save(path, chief, 1, TITLE, 'Versão salva antes.');
    const response = await save(path, chief, 1, TITLE, 'Versão que chegou depois.', 'text/html');
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain('Versão salva antes.');
    expect(html).toContain('Versão que chegou depois.');
    expect(html).toContain('Manter a minha versão');
    // The same person in another tab is told so, not that someone else saved.
    expect(html).toContain('Este rascunho foi salvo em outra aba');
    // The form that keeps the refused version names the version now current.
    expect(html).toMatch(/name="versao" value="2"/);
  });

  it('keeps a revision of every save, and an editor restores one as a new version', async () => {
    const path = await newDraft(chief);
    await save(path, chief, 1, TITLE, 'Primeira redação.');
    await save(path, chief, 2, TITLE, 'Segunda redação.');
    const list = await (await newsroomRequest(`${path}/revisoes`, { token: chief })).text();
    expect(list).toContain('Primeira redação.');
    expect(list).toContain('Segunda redação.');
    const restore = await newsroomRequest(`${path}/revisoes/2`, { method: 'POST', token: chief, form: { versao: '3' } });
    expect(restore.status).toBe(303);
    expect(await storedDraft(path)).toMatchObject({ version: 4, body: 'Primeira redação.' });
    const kept = await env.DB.prepare('SELECT count(*) AS n FROM newsroom_revisions WHERE draft_id = ?')
      .bind(path.split('/').pop())
      .first<{ n: number }>();
    expect(kept?.n).toBe(4);
  });

  it(`keeps the last ${REVISIONS_KEPT} revisions of a draft saved more often`, async () => {
    const path = await newDraft(chief);
    const saves = REVISIONS_KEPT + 5;
    for (let version = 1; version <= saves; version++) await save(path, chief, version, TITLE, `Redação ${version + 1}.`);
    const { results } = await env.DB.prepare('SELECT version FROM newsroom_revisions WHERE draft_id = ? ORDER BY version')
      .bind(path.split('/').pop())
      .all<{ version: number }>();
    expect(results.length).toBe(REVISIONS_KEPT);
    expect(results.at(-1)?.version).toBe(saves + 1);
  });

  it('lets a colaborador write their own drafts, not restore revisions nor save over a colleague', async () => {
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const own = await newDraft(colab);
    expect((await save(own, colab, 1, TITLE, 'Meu texto.')).status).toBe(200);
    expect((await newsroomRequest(`${own}/revisoes`, { token: colab })).status).toBe(403);
    expect((await newsroomRequest(`${own}/revisoes/1`, { method: 'POST', token: colab, form: { versao: '2' } })).status).toBe(403);
    const theirs = await newDraft(chief);
    const view = await (await newsroomRequest(theirs, { token: colab })).text();
    expect(view).toContain('colaboradores editam só os próprios rascunhos');
    expect(view).not.toContain('id="rascunho"'); // no form to type into, nothing the autosave would be refused
    expect((await save(theirs, colab, 1, TITLE, 'Por cima.')).status).toBe(403);
    expect(await storedDraft(theirs)).toMatchObject({ version: 1, body: '' });
  });

  it('answers a draft that does not exist, or a malformed address, with the newsroom 404', async () => {
    for (const path of [
      '/redacao/rascunhos/00000000-0000-4000-8000-000000000000',
      '/redacao/rascunhos/nao-e-um-id',
      '/redacao/rascunhos/%27',
    ]) {
      const response = await newsroomRequest(path, { token: chief });
      expect(response.status, path).toBe(404);
    }
  });

  it('refuses a save it cannot read with 400, never a 500', async () => {
    const path = await newDraft(chief);
    const cases: Record<string, string | string[]>[] = [
      { titulo: TITLE },
      { versao: 'dois', titulo: TITLE },
      { versao: '1', titulo: [TITLE, TITLE] },
      { versao: '1', corpo: 'x'.repeat(300 * 1024) },
      { versao: '1', titulo: 'x'.repeat(6000) },
    ];
    for (const form of cases) {
      const response = await newsroomRequest(path, { method: 'POST', token: chief, accept: JSON_ACCEPT, form });
      expect(response.status, JSON.stringify(form).slice(0, 80)).toBe(400);
    }
    const huge = await newsroomRequest(path, { method: 'POST', token: chief, form: { versao: '1', corpo: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(await storedDraft(path)).toMatchObject({ version: 1 });
  });
});
