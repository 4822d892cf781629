import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { log } from '#src/lib/log.ts';
import type { AccessSettings } from '../team/settings';

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
 * A service token's Client ID, as Access names it in the token's `common_name`
 * (`<32 hex digits>.access`): how a program (the publishing command) is
 * named in the people table, in place of an e-mail.
 */
export const isServiceTokenId = (value: string) => /^[0-9a-f]{32}\.access$/.test(value);

/**
 * Who an Access token vouches for, or null when the token is not one this
 * deployment may trust: not signed by the team's keys (RS256, what Access
 * signs with), for another application (`aud`), from another team (`iss`),
 * expired or not yet valid. A person's token names their `email`; a service
 * token's (a program sending `CF-Access-Client-Id`/`-Secret`) has no e-mail
 * and names its Client ID in `common_name`, which is then who it is. A token
 * with neither is refused.
 * Never throws: a bad token is only a refusal, logged with jose's reason
 * (an expired token, a wrong audience, the keys unreachable…), never the token.
 */
export async function verifiedIdentity(token: string, access: AccessSettings): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keysOf(access.certsUrl), {
      issuer: access.issuer,
      audience: access.aud,
      algorithms: ['RS256'],
      requiredClaims: ['exp'],
    });
    if (typeof payload.email === 'string') return payload.email.includes('@') ? payload.email.toLowerCase() : null;
    const client = typeof payload.common_name === 'string' ? payload.common_name.toLowerCase() : '';
    return isServiceTokenId(client) ? client : null;
  } catch (error) {
    log('warn', 'newsroom_token_refused', { reason: (error as { code?: unknown }).code ?? 'unknown' });
    return null;
  }
}
