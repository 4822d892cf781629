import { SIMULATOR_PATH } from '../seo/urls';
import { parseSimulatorQuery, simulatorQuery } from './simulator-input';

/**
 * The simulator's part of a page's cache key (src/middleware/edge-cache.ts):
 * empty for every other page and for the empty form (tracking parameters
 * alone do not split it), the normalized query for a simulation, so
 * "valor=500.000" and "valor=500000&utm_source=x" share one entry (and a
 * year shown open is part of it: another page). Refused
 * input is never stored (400, no-store), so it needs no more than one key.
 */
export function simulatorCacheKeyPart(path: string, search: string): string {
  if (path !== SIMULATOR_PATH) return '';
  const query = parseSimulatorQuery(search);
  if (query.kind === 'empty') return '';
  return query.kind === 'valid' ? `?${simulatorQuery(query.input, query.year)}` : '?invalida';
}
