/**
 * The newsroom's settings, from the worker's vars (wrangler.toml), validated
 * like the site's (src/site/config.ts): a value that would break it is an error
 * naming the variable. Pure, so the Node tests can read the production
 * configuration with it (test/node/newsroom/production-config.test.ts).
 */

export type NewsroomVars = Partial<Record<'ACCESS_TEAM_DOMAIN' | 'ACCESS_AUD' | 'NEWSROOM_CHIEF' | 'NEWSROOM_DEV_EDITOR', string>>;

/** Cloudflare Access, as the worker checks its tokens. */
export interface AccessSettings {
  /** The `iss` of the team's tokens: `https://<team>.cloudflareaccess.com`. */
  issuer: string;
  /** The team's public keys (JWKS). */
  certsUrl: string;
  /** The Access application's audience tag, the tokens' `aud`. */
  aud: string;
}

/** How a request proves who sends it: an Access token, or (only on a loopback host, without Access) the development editor. */
export type NewsroomSettings =
  | { identity: 'access'; access: AccessSettings; chief: string }
  | { identity: 'development'; email: string; chief: string };

class NewsroomConfigError extends Error {}

/** An e-mail address as Access reports it (and `redacao@localhost`, the local one): the people page uses the same rule. */
export const isEmailAddress = (value: string) => /^[^@\s]{1,64}@[^@\s.][^@\s]{0,254}$/.test(value);
const TEAM = /^(?:https:\/\/)?([a-z0-9][a-z0-9-]{0,62})\.cloudflareaccess\.com\/?$/i;
/** Access audience tags are 64 hex digits. */
const AUD = /^[0-9a-f]{64}$/i;

/** Hosts no request reaching a deployed worker can carry: Cloudflare routes by host, and never these. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const given = (value: string | undefined) => value?.trim() || undefined;

function email(name: keyof NewsroomVars, value: string): string {
  if (!isEmailAddress(value)) throw new NewsroomConfigError(`${name} must be an e-mail address, got "${value}"`);
  return value.toLowerCase();
}

/**
 * The newsroom's settings for a request to `url`, or null when this
 * deployment serves no newsroom (every /redacao path is then a 404):
 * - ACCESS_TEAM_DOMAIN and ACCESS_AUD set: Cloudflare Access, whatever else is set;
 * - neither set, NEWSROOM_DEV_EDITOR set and the request on a loopback host
 *   (`npm start`): everyone is that development editor;
 * - otherwise none.
 * NEWSROOM_CHIEF names the first editor-in-chief (the development editor, locally).
 */
export function newsroomSettings(vars: NewsroomVars, url: string): NewsroomSettings | null {
  const team = given(vars.ACCESS_TEAM_DOMAIN);
  const aud = given(vars.ACCESS_AUD);
  if (team !== undefined || aud !== undefined) {
    const teamName = team === undefined ? null : TEAM.exec(team)?.[1];
    if (!teamName)
      throw new NewsroomConfigError(`ACCESS_TEAM_DOMAIN must be a team domain like casaempauta.cloudflareaccess.com, got "${team ?? ''}"`);
    if (aud === undefined || !AUD.test(aud))
      throw new NewsroomConfigError(`ACCESS_AUD must be the Access application's audience tag (64 hex digits), got "${aud ?? ''}"`);
    const chief = given(vars.NEWSROOM_CHIEF);
    if (chief === undefined) throw new NewsroomConfigError('NEWSROOM_CHIEF must name the first editor-in-chief (an e-mail address)');
    const issuer = `https://${teamName.toLowerCase()}.cloudflareaccess.com`;
    return {
      identity: 'access',
      access: { issuer, certsUrl: `${issuer}/cdn-cgi/access/certs`, aud: aud.toLowerCase() },
      chief: email('NEWSROOM_CHIEF', chief),
    };
  }
  const developer = given(vars.NEWSROOM_DEV_EDITOR);
  if (developer === undefined || !LOOPBACK_HOSTS.has(new URL(url).hostname)) return null;
  const dev = email('NEWSROOM_DEV_EDITOR', developer);
  return {
    identity: 'development',
    email: dev,
    chief: given(vars.NEWSROOM_CHIEF) ? email('NEWSROOM_CHIEF', vars.NEWSROOM_CHIEF!.trim()) : dev,
  };
}
