import { beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { newsroomSettings } from '#src/newsroom/team/settings.ts';
import { ACCESS_ENV, AUD, accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys, type TestKeys } from './newsroom-helpers';

const DRAFT = '00000000-0000-4000-8000-000000000000';

/** Every newsroom route, and a path under it that is none. */
const ROUTES: [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/redacao'],
  ['GET', `/redacao/rascunhos/${DRAFT}`],
  ['GET', `/redacao/rascunhos/${DRAFT}/revisoes`],
  ['GET', '/redacao/equipe'],
  ['GET', '/redacao/nada-aqui'],
  ['POST', '/redacao/rascunhos'],
  ['POST', `/redacao/rascunhos/${DRAFT}`],
  ['POST', `/redacao/rascunhos/${DRAFT}/revisoes/1`],
  ['POST', '/redacao/equipe'],
  ['POST', '/redacao/equipe/remover'],
];

let keys: TestKeys;
let warnings: MockInstance<typeof console.warn>;
beforeAll(async () => {
  keys = await serveTeamKeys();
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('who may enter the newsroom', () => {
  it('lets the configured editor-in-chief in with a good Access token', async () => {
    const response = await newsroomRequest('/redacao', { token: await accessToken(keys, CHIEF) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Artigos');
  });

  // Each with the reason the log gives (jose's code), never the token.
  const refusals: [string, () => Promise<string | undefined>, string | null][] = [
    ['no token', async () => undefined, null],
    ['a token signed by another key', () => accessToken(keys, CHIEF, { key: keys.stranger }), 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'],
    ['an expired token', () => accessToken(keys, CHIEF, { expiresIn: -60 }), 'ERR_JWT_EXPIRED'],
    [
      'a token for another Access application (aud)',
      () => accessToken(keys, CHIEF, { aud: 'b2'.repeat(32) }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    ],
    [
      'a token from another team (iss)',
      () => accessToken(keys, CHIEF, { issuer: 'https://outra.cloudflareaccess.com' }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    ],
    ['a token that is not a JWT', async () => 'nao.e.um-token', 'ERR_JWS_INVALID'],
  ];
  for (const [what, token, reason] of refusals) {
    it(`refuses every route with ${what}`, async () => {
      const given = await token();
      warnings.mockClear();
      for (const [method, path] of ROUTES) {
        const response = await newsroomRequest(path, { method, token: given });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await response.text()).toContain('Acesso restrito');
      }
      const logged = warnings.mock.calls.map(([line]) => String(line));
      if (reason === null) expect(logged).toEqual([]);
      else expect(logged).toEqual(ROUTES.map(() => JSON.stringify({ level: 'warn', event: 'newsroom_token_refused', reason })));
      if (given !== undefined) expect(logged.join()).not.toContain(given);
    });
  }

  it('refuses someone Access vouches for who is not in the newsroom', async () => {
    const response = await newsroomRequest('/redacao', { token: await accessToken(keys, 'leitor@example.com') });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('leitor@example.com');
  });

  it('serves no newsroom at all (404) on a deployment without Access, whatever the request carries', async () => {
    const token = await accessToken(keys, CHIEF);
    const without = { ACCESS_TEAM_DOMAIN: '', ACCESS_AUD: '', NEWSROOM_CHIEF: '', NEWSROOM_DEV_EDITOR: '' };
    for (const [method, path] of ROUTES) {
      const response = await newsroomRequest(path, { method, token, env: without });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).toContain('Página não encontrada');
    }
  });

  it('never lets the development editor in on a host other than a loopback one', async () => {
    const response = await newsroomRequest('/redacao', {
      env: { ACCESS_TEAM_DOMAIN: '', ACCESS_AUD: '', NEWSROOM_DEV_EDITOR: 'dev@localhost' },
    });
    expect(response.status).toBe(404);
  });

  it('ignores the development editor where Access is configured, even on localhost', () => {
    const settings = newsroomSettings({ ...ACCESS_ENV, NEWSROOM_DEV_EDITOR: 'dev@localhost' }, 'http://localhost:8787/redacao');
    expect(settings?.identity).toBe('access');
    expect(newsroomSettings({ NEWSROOM_DEV_EDITOR: 'dev@localhost' }, 'http://localhost:8787/redacao')).toMatchObject({
      identity: 'development',
      email: 'dev@localhost',
    });
  });

  it('names the variable when the Access configuration is half done', () => {
    expect(() => newsroomSettings({ ACCESS_TEAM_DOMAIN: 'equipe.cloudflareaccess.com' }, 'https://x.com.br/redacao')).toThrow(/ACCESS_AUD/);
    expect(() => newsroomSettings({ ACCESS_AUD: AUD, ACCESS_TEAM_DOMAIN: 'example.com' }, 'https://x.com.br/redacao')).toThrow(
      /ACCESS_TEAM_DOMAIN/,
    );
  });
});

describe('roles are data', () => {
  it('keeps a colaborador off the people page and its changes', async () => {
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const token = await accessToken(keys, 'colab@casaempauta.com.br');
    expect((await newsroomRequest('/redacao', { token })).status).toBe(200);
    expect((await newsroomRequest('/redacao/equipe', { token })).status).toBe(403);
    const add = await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token,
      form: { email: 'colab@casaempauta.com.br', papel: 'chefe', autor: '' },
    });
    expect(add.status).toBe(403);
    const remove = await newsroomRequest('/redacao/equipe/remover', { method: 'POST', token, form: { email: 'colab@casaempauta.com.br' } });
    expect(remove.status).toBe(403);
    // Still a colaborador, still there.
    expect((await newsroomRequest('/redacao/equipe', { token })).status).toBe(403);
    expect((await newsroomRequest('/redacao', { token })).status).toBe(200);
  });

  it('lets an editor-in-chief add, change and remove people', async () => {
    const chief = await accessToken(keys, CHIEF);
    const person = 'ana@casaempauta.com.br';
    const token = await accessToken(keys, person);
    expect((await newsroomRequest('/redacao', { token })).status).toBe(403);
    const add = await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token: chief,
      form: { email: 'Ana@CasaEmPauta.com.br', papel: 'colaborador', autor: '' },
    });
    expect(add.status).toBe(303);
    expect((await newsroomRequest('/redacao', { token })).status).toBe(200);
    expect((await newsroomRequest('/redacao/equipe', { token })).status).toBe(403);
    await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token: chief,
      form: { email: person, papel: 'chefe', autor: 'camila-nogueira' },
    });
    const page = await newsroomRequest('/redacao/equipe', { token });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(person);
    await newsroomRequest('/redacao/equipe/remover', { method: 'POST', token: chief, form: { email: person } });
    expect((await newsroomRequest('/redacao', { token })).status).toBe(403);
  });

  it('never demotes nor removes the editor-in-chief the configuration names', async () => {
    const chief = await accessToken(keys, CHIEF);
    await newsroomRequest('/redacao/equipe', { method: 'POST', token: chief, form: { email: CHIEF, papel: 'colaborador', autor: '' } });
    const removal = await newsroomRequest('/redacao/equipe/remover', { method: 'POST', token: chief, form: { email: CHIEF } });
    expect(removal.status).toBe(400);
    expect((await newsroomRequest('/redacao/equipe', { token: chief })).status).toBe(200);
  });

  it('refuses a person form it cannot read, naming the field', async () => {
    const chief = await accessToken(keys, CHIEF);
    const response = await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token: chief,
      form: { email: 'sem-arroba', papel: 'dono' },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('não é um e-mail');
    const stranger = await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token: chief,
      form: { email: 'bia@casaempauta.com.br', papel: 'editor', autor: 'autora-que-nao-existe' },
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Escolha na lista o autor');
    expect((await newsroomRequest('/redacao', { token: await accessToken(keys, 'bia@casaempauta.com.br') })).status).toBe(403);
  });
});
