import { timingSafeEqual } from 'node:crypto';

/**
 * Who may talk to the studio. It listens on 127.0.0.1 only, but any page the
 * editor's browser opens can still send requests there: a hostile site could
 * POST "publish" to 127.0.0.1, or, by pointing its own domain at 127.0.0.1
 * (DNS rebinding), read the answers. So every request must name the studio
 * itself as its Host (a rebound domain does not), and an action must also be
 * a POST from the studio's own pages: the Origin the browser sets is the
 * studio's, and it carries the token this run of the studio wrote into its
 * panel page, which no other site can read.
 */

export const TOKEN_HEADER = 'x-estudio-token';

export interface GuardRequest {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  token: string | undefined;
  contentType: string | undefined;
  remoteAddress: string | undefined;
}

/** A refusal: the status and the pt-BR reason; null lets the request through. */
export type Refusal = { status: number; reason: string; allow?: string } | null;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The Host values the studio answers to, for its port. */
export const studioHosts = (port: number) => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

/** Any request: from this machine, to the studio's own name. */
export function guardRead(request: GuardRequest, port: number): Refusal {
  if (!request.remoteAddress || !LOOPBACK.has(request.remoteAddress)) return { status: 403, reason: 'o estúdio só atende este computador' };
  if (!request.host || !studioHosts(port).has(request.host.toLowerCase()))
    return { status: 421, reason: `endereço desconhecido: abra o estúdio em http://127.0.0.1:${port}/` };
  return null;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An action: also a POST of JSON, from a page of the studio (its Origin), with this run's token. */
export function guardAction(request: GuardRequest, port: number, token: string): Refusal {
  const read = guardRead(request, port);
  if (read) return read;
  if (request.method !== 'POST') return { status: 405, reason: 'as ações do painel só aceitam POST', allow: 'POST' };
  const origins = [...studioHosts(port)].map((host) => `http://${host}`);
  if (!request.origin || !origins.includes(request.origin))
    return { status: 403, reason: 'pedido de fora do estúdio: as ações só podem ser pedidas pelo painel' };
  if (!request.token || !sameToken(request.token, token))
    return { status: 403, reason: 'o painel está desatualizado (o estúdio foi reiniciado): recarregue a página' };
  if (!request.contentType?.toLowerCase().startsWith('application/json')) return { status: 415, reason: 'o pedido deve ser JSON' };
  return null;
}
