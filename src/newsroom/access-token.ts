import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { log } from '../log';
import type { AccessSettings } from './settings';

/** The header Cloudflare Access adds to every request it lets through to the worker. */
export const ACCESS_JWT_HEADER = 'Cf-Access-Jwt-Assertion';

/**
 * The team's public keys, fetched from its certs URL and kept per isolate
 * (jose refetches them after 10 minutes, or when a token names a key it
 * does not have, at most once per 30 s): one key set per certs URL.
 */
const keySets = new Map<string, JWTVerifyGetKey>();

function keysOf(certsUrl: string): JWTVerifyGetKey {
  let keys = keySets.get(certsUrl);
  if (keys === undefined) {
    keys = createRemoteJWKSet(new URL(certsUrl));
    keySets.set(certsUrl, keys);
  }
  return keys;
}

/**
 * The e-mail address an Access token vouches for, or null when the token is
 * not one this deployment may trust: not signed by the team's keys (RS256,
 * what Access signs with), for another application (`aud`), from another
 * team (`iss`), expired or not yet valid, or without an e-mail.
 * Never throws: a bad token is only a refusal, logged with jose's reason
 * (an expired token, a wrong audience, the keys unreachable…), never the token.
 */
export async function verifiedEmail(token: string, access: AccessSettings): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keysOf(access.certsUrl), {
      issuer: access.issuer,
      audience: access.aud,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'email'],
    });
    return typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.toLowerCase() : null;
  } catch (error) {
    log('warn', 'newsroom_token_refused', { reason: (error as { code?: unknown }).code ?? 'unknown' });
    return null;
  }
}
