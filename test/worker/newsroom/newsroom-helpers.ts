import { env } from 'cloudflare:test';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { vi } from 'vitest';
import { app } from '#src/app.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '#src/newsroom/shared/names.ts';

export const ORIGIN = 'https://casaempauta.com.br';
export const TEAM = 'casaempauta-teste.cloudflareaccess.com';
export const ISSUER = `https://${TEAM}`;
export const AUD = 'a1'.repeat(32);
export const CHIEF = 'chefe@casaempauta.com.br';

/** A deployment with Access configured, as production's vars would be once filled in. */
export const ACCESS_ENV = { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, NEWSROOM_CHIEF: CHIEF, NEWSROOM_DEV_EDITOR: '' };

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** The team's signing key (its public half served as the team's JWKS) and a key of nobody's. */
export interface TestKeys {
  team: KeyPair;
  stranger: KeyPair;
}

const KID = 'chave-da-equipe';

/**
 * Generates the keys and serves the team's JWKS at its certs URL in place of
 * the network (the verifier fetches it with the global fetch).
 */
export async function serveTeamKeys(): Promise<TestKeys> {
  const team = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(team.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === `${ISSUER}/cdn-cgi/access/certs`) return Response.json({ keys: [jwk] });
    return realFetch(input, init);
  });
  return { team, stranger };
}

interface TokenOptions {
  key?: KeyPair;
  aud?: string;
  issuer?: string;
  /** Seconds from now; negative: already expired. */
  expiresIn?: number;
}

/** An Access token for this e-mail: by default a good one (the team's key, aud, issuer, an hour to live). */
export const accessToken = (keys: TestKeys, email: string, options: TokenOptions = {}) =>
  signedToken(keys, { email, type: 'app' }, options);

/** The token Access gives a service token (a program sending CF-Access-Client-Id/-Secret): its Client ID in `common_name`, no e-mail, `sub` empty. */
export const serviceToken = (keys: TestKeys, clientId: string, options: TokenOptions = {}) =>
  signedToken(keys, { common_name: clientId, type: 'app', sub: '' }, options);

async function signedToken(keys: TestKeys, claims: Record<string, string>, options: TokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.aud ?? AUD)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign((options.key ?? keys.team).privateKey);
}

/** A well-formed anti-forgery token; any such value is a pair when cookie and header agree. */
export const XSRF = 'x'.repeat(43);

interface NewsroomRequest {
  method?: 'GET' | 'POST';
  token?: string;
  form?: Record<string, string | string[]>;
  /** false: no anti-forgery pair at all. */
  xsrf?: boolean;
  origin?: string;
  accept?: string;
  env?: Partial<Env>;
  headers?: Record<string, string>;
}

/** A request to the app, on a deployment with Access (unless `env` says otherwise), as a browser on the newsroom's own page sends it. */
export async function newsroomRequest(path: string, request: NewsroomRequest & { multipart?: FormData } = {}): Promise<Response> {
  const headers = new Headers(request.headers);
  if (request.token !== undefined) headers.set('Cf-Access-Jwt-Assertion', request.token);
  let body: URLSearchParams | FormData | undefined;
  if (request.method === 'POST') {
    body = request.multipart ?? new URLSearchParams();
    if (body instanceof URLSearchParams)
      for (const [name, value] of Object.entries(request.form ?? {})) for (const item of [value].flat()) body.append(name, item);
    if (!headers.has('Content-Type') && body instanceof URLSearchParams) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    headers.set('Origin', request.origin ?? ORIGIN);
    if (request.xsrf !== false) {
      headers.set('Cookie', `${XSRF_COOKIE}=${XSRF}`);
      headers.set(XSRF_HEADER, XSRF);
    }
  }
  if (request.accept) headers.set('Accept', request.accept);
  return app.request(`${ORIGIN}${path}`, { method: request.method ?? 'GET', headers, body }, { ...env, ...ACCESS_ENV, ...request.env });
}

/** Adds someone to the newsroom's people, as the people page would. */
export async function addPerson(email: string, role: string, author: string | null = null): Promise<void> {
  await env.DB.prepare('INSERT OR REPLACE INTO newsroom_people (email, role, author, changed_by, changed_at) VALUES (?, ?, ?, ?, 0)')
    .bind(email, role, author, CHIEF)
    .run();
}
