/**
 * The signature of a shared preview link (docs/newsroom.md, "Preview and
 * share links"): HMAC-SHA-256 (Web Crypto) over the draft's id, the link's
 * id and its expiry, with the secret PREVIEW_LINK_SECRET. The token carries
 * all three and the signature, base64url: `<draft>.<link>.<expiry>.<signature>`.
 * A token whose signature does not match was not made here; its expiry and
 * whether it was revoked are judged by the caller (share-links.ts).
 */

/** A secret shorter than this is refused: it could be guessed. */
export const MIN_SECRET_CHARS = 32;

export interface TokenClaims {
  draftId: string;
  linkId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN = new RegExp(`^(${UUID})\\.(${UUID})\\.(\\d{1,15})\\.([A-Za-z0-9_-]{43})$`);

const encoder = new TextEncoder();

const signedText = ({ draftId, linkId, expiresAt }: TokenClaims) => `${draftId}.${linkId}.${expiresAt}`;

function keyOf(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(signedText(claims)));
  return `${signedText(claims)}.${base64url(new Uint8Array(signature))}`;
}

/** The claims of a token this secret signed; null for anything else (malformed, or signed by another key). */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const claims: TokenClaims = { draftId: parts[1]!, linkId: parts[2]!, expiresAt: Number(parts[3]) };
  // verify() compares in constant time, unlike comparing two computed signatures as strings.
  const valid = await crypto.subtle.verify('HMAC', await keyOf(secret), fromBase64url(parts[4]!), encoder.encode(signedText(claims)));
  return valid ? claims : null;
}
