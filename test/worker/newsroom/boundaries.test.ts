import { env } from 'cloudflare:test';
import manifest from '@client/manifest';
import { describe, expect, it, vi } from 'vitest';
import { app } from '#src/app.ts';
import {
  NEWSROOM_EDITOR_ENTRY,
  NEWSROOM_SCRIPT_ENTRY,
  NEWSROOM_STYLES_ENTRY,
  PREVIEW_BAR_STYLES_ENTRY,
} from '#src/newsroom/http/assets.ts';
import { fetchCached, fetchPath, fetchWithEnv } from '../helpers';
import { ACCESS_ENV, accessToken, CHIEF, newsroomRequest, ORIGIN, serveTeamKeys, XSRF } from './newsroom-helpers';

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);

const draftCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM newsroom_drafts').first<{ n: number }>())?.n ?? 0;

describe('every change is a POST with the anti-forgery pair, from the newsroom itself', () => {
  it('creates a draft with the pair in the header or in the form', async () => {
    const before = await draftCount();
    expect((await newsroomRequest('/redacao/rascunhos', { method: 'POST', token: chief })).status).toBe(303);
    const form = await newsroomRequest('/redacao/rascunhos', {
      method: 'POST',
      token: chief,
      xsrf: false,
      headers: { Cookie: `XSRF-TOKEN=${XSRF}` },
      form: { _xsrf: XSRF },
    });
    expect(form.status).toBe(303);
    expect(await draftCount()).toBe(before + 2);
  });

  const refused: [string, Parameters<typeof newsroomRequest>[1]][] = [
    ['without the pair', { xsrf: false }],
    ['with the cookie alone', { xsrf: false, headers: { Cookie: `XSRF-TOKEN=${XSRF}` } }],
    ['with the header alone', { xsrf: false, headers: { 'X-XSRF-TOKEN': XSRF } }],
    ['with a header that is not the cookie', { xsrf: false, headers: { Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': 'y'.repeat(43) } }],
    ['from another origin', { origin: 'https://outro-site.example', headers: { 'Sec-Fetch-Site': 'cross-site' } }],
    ['as JSON, which the same-origin check would not judge', { headers: { 'Content-Type': 'application/json' } }],
  ];
  for (const [what, request] of refused) {
    it(`refuses a POST ${what}, changing nothing`, async () => {
      const before = await draftCount();
      const response = await newsroomRequest('/redacao/rascunhos', { method: 'POST', token: chief, ...request });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Pedido recusado');
      expect(await draftCount()).toBe(before);
    });
  }

  it('gives a newsroom page the cookie of the pair, for the newsroom alone', async () => {
    const cookie = (await newsroomRequest('/redacao', { token: chief })).headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/redacao');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('accepts POST nowhere else on the site (405), and no other method on the newsroom', async () => {
    for (const path of ['/', '/sobre', '/busca', '/redacaox']) expect((await fetchPath(path, { method: 'POST' })).status, path).toBe(405);
    expect((await fetchPath('/redacao', { method: 'PUT' })).status).toBe(405);
  });
});

describe('newsroom responses', () => {
  it("answer a failing database with the newsroom's own error page, in pt-BR", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = {
      prepare() {
        throw new Error('D1_ERROR: no such table: newsroom_people');
      },
    } as unknown as D1Database;
    const response = await newsroomRequest('/redacao', { token: chief, env: { DB: failing } });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('A redação não conseguiu responder agora');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('newsroom_error'));
    errors.mockRestore();
  });

  it('carry their own CSP, no-store and noindex, refusals included', async () => {
    for (const token of [chief, undefined]) {
      const response = await newsroomRequest('/redacao', { token });
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('googlesyndication');
      expect(csp).not.toContain('sha256-');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(response.headers.get('X-Robots-Tag')).toContain('noindex');
    }
  });

  it('are never kept by the edge or memory cache', async () => {
    const overrides = ACCESS_ENV as Partial<Env>;
    const token = { 'Cf-Access-Jwt-Assertion': chief };
    expect((await fetchCached('/redacao', { headers: token }, overrides)).status).toBe(200);
    // The same path without a token: refused, not the page just served.
    const again = await fetchCached('/redacao', {}, overrides);
    expect(again.status).toBe(403);
  });
});

describe("nothing of the newsroom on a reader's page", () => {
  it('references none of its files nor its address', async () => {
    const files = [NEWSROOM_SCRIPT_ENTRY, NEWSROOM_EDITOR_ENTRY, NEWSROOM_STYLES_ENTRY, PREVIEW_BAR_STYLES_ENTRY].map(
      (entry) => manifest[entry]!.file,
    );
    for (const path of ['/', '/sobre', '/busca?q=casa', '/noticia/nao-existe']) {
      const html = await (await fetchPath(path)).text();
      for (const file of files) expect(html, path).not.toContain(file);
      expect(html, path).not.toContain('/redacao');
      expect(html, path).not.toContain('pv-bar');
    }
  });

  it("never touches the newsroom's tables", async () => {
    const statements: string[] = [];
    const recording = new Proxy(env.DB, {
      get(target, property, receiver) {
        if (property === 'prepare') {
          return (sql: string) => {
            statements.push(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    for (const path of ['/', '/sobre', '/busca?q=casa', '/noticia/nao-existe', '/autor/helena-duarte']) {
      expect((await fetchWithEnv(path, { DB: recording })).status, path).toBeLessThan(500);
    }
    expect(statements.length).toBeGreaterThan(0); // the search page did read D1
    expect(statements.filter((sql) => sql.includes('newsroom_'))).toEqual([]);
  });

  it('serves the newsroom only under its own path', async () => {
    const response = await app.request(`${ORIGIN}/redacao`, {}, { ...env, ...ACCESS_ENV });
    expect(response.status).toBe(403); // there, but closed without identity
    expect((await app.request(`${ORIGIN}/redacao-falsa`, {}, { ...env, ...ACCESS_ENV })).status).toBe(404);
  });
});
