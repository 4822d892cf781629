import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The token of a shared preview link (docs/newsroom-writing.md, "Preview and share
 * links"): a JWT signed with HMAC-SHA-256 by `jose`, with the secret
 * PREVIEW_LINK_SECRET, naming the draft (`sub`), the link (`jti`) and when it
 * expires (`exp`). Whether the link was revoked is the caller's to judge
 * (share-links.ts).
 */

/** A secret shorter than this is refused: it could be guessed. */
export const MIN_SECRET_CHARS = 32;

export interface TokenClaims {
  draftId: string;
  linkId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signToken({ draftId, linkId, expiresAt }: TokenClaims, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(draftId)
    .setJti(linkId)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(keyOf(secret));
}

/**
 * The claims of a token this secret signed, judged at `now`: `expired` when its
 * time is up; null for anything else (malformed, another key or algorithm,
 * claims that are not a draft's and a link's ids).
 */
export async function verifyToken(token: string, secret: string, now: number): Promise<TokenClaims | 'expired' | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], currentDate: new Date(now) });
    const { sub, jti, exp } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof jti !== 'string' || !UUID.test(jti) || typeof exp !== 'number') return null;
    return { draftId: sub, linkId: jti, expiresAt: exp * 1000 };
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : null;
  }
}
