import { MIN_SECRET_CHARS, signToken, type TokenClaims, verifyToken } from './share-token';

/** How long a shared preview link works by default. */
export const SHARE_LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** One link made for a draft, as the preview's bar lists it. */
export interface ShareLink {
  id: string;
  draftId: string;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

interface LinkRow {
  id: string;
  draft_id: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

const linkOf = (row: LinkRow): ShareLink => ({
  id: row.id,
  draftId: row.draft_id,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

/** Why a token opens nothing: never the draft (status 403 or 410, ./shared-preview.tsx). */
export type Refusal = 'invalid' | 'expired' | 'revoked';

/** The secret that signs links, when this deployment has one long enough; null otherwise (no link is made or opened). */
export function linkSecret(vars: { PREVIEW_LINK_SECRET?: string }): string | null {
  const secret = vars.PREVIEW_LINK_SECRET ?? '';
  return secret.length >= MIN_SECRET_CHARS ? secret : null;
}

/**
 * Shared preview links (migrations/0007_preview_links.sql): a row per link,
 * so each is revoked on its own, and a signed token (share-token.ts) that is
 * checked before the row is read, so a forged token costs no query.
 */
export class ShareLinks {
  constructor(
    private readonly db: D1Database,
    private readonly secret: string,
  ) {}

  /** Makes a link for the draft and returns its token. */
  async create(draftId: string, by: string, now: number): Promise<string> {
    // Whole seconds: a token's `exp` is in seconds, and must name exactly the row's expiry.
    const expiresAt = Math.floor((now + SHARE_LINK_LIFETIME_MS) / 1000) * 1000;
    const claims: TokenClaims = { draftId, linkId: crypto.randomUUID(), expiresAt };
    await this.db
      .prepare('INSERT INTO newsroom_share_links (id, draft_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(claims.linkId, draftId, by, now, claims.expiresAt)
      .run();
    return signToken(claims, this.secret);
  }

  /** The token of a link already made (links are listed with theirs, to copy again). */
  token(link: ShareLink): Promise<string> {
    return signToken({ draftId: link.draftId, linkId: link.id, expiresAt: link.expiresAt }, this.secret);
  }

  /** The draft's links, newest first. */
  async list(draftId: string): Promise<ShareLink[]> {
    const { results } = await this.db
      .prepare('SELECT * FROM newsroom_share_links WHERE draft_id = ? ORDER BY created_at DESC, id LIMIT 50')
      .bind(draftId)
      .all<LinkRow>();
    return results.map(linkOf);
  }

  /** Revokes a link of this draft; false when the draft has no such link. */
  async revoke(draftId: string, linkId: string, by: string, now: number): Promise<boolean> {
    const result = await this.db
      .prepare('UPDATE newsroom_share_links SET revoked_at = ?, revoked_by = ? WHERE id = ? AND draft_id = ? AND revoked_at IS NULL')
      .bind(now, by, linkId, draftId)
      .run();
    return result.meta.changes === 1;
  }

  /** The draft a token opens now, or why it opens nothing. */
  async open(token: string, now: number): Promise<{ draftId: string } | { refused: Refusal }> {
    const claims = await verifyToken(token, this.secret, now);
    if (claims === 'expired') return { refused: 'expired' };
    if (!claims) return { refused: 'invalid' };
    const row = await this.db
      .prepare('SELECT * FROM newsroom_share_links WHERE id = ? AND draft_id = ?')
      .bind(claims.linkId, claims.draftId)
      .first<LinkRow>();
    if (!row || row.expires_at !== claims.expiresAt) return { refused: 'invalid' };
    if (row.revoked_at !== null) return { refused: 'revoked' };
    return { draftId: claims.draftId };
  }
}
