import { PURCHASE_COSTS_PATH, RENT_OR_BUY_PATH, SIMULATOR_PATH } from '../seo/urls';
import { parsePurchaseQuery, purchaseQuery } from './purchase-costs-input';
import { parseRentOrBuyQuery, rentOrBuyQuery } from './rent-or-buy-input';
import { parseSimulatorQuery, simulatorQuery } from './simulator-input';

/** Each tool's normalized query for a search string: '' for the empty form, null for refused input. */
const TOOL_QUERIES: Record<string, (search: string) => string | null> = {
  [SIMULATOR_PATH]: (search) => {
    const query = parseSimulatorQuery(search);
    return query.kind === 'empty' ? '' : query.kind === 'valid' ? simulatorQuery(query.input, query.year) : null;
  },
  [RENT_OR_BUY_PATH]: (search) => {
    const query = parseRentOrBuyQuery(search);
    return query.kind === 'empty' ? '' : query.kind === 'valid' ? rentOrBuyQuery(query.input) : null;
  },
  [PURCHASE_COSTS_PATH]: (search) => {
    const query = parsePurchaseQuery(search);
    return query.kind === 'empty' ? '' : query.kind === 'valid' ? purchaseQuery(query.input) : null;
  },
};

/**
 * A tool's inputs as its own form writes them (no "?"): '' for none (or a
 * path that is no tool), null when the tool would refuse them. An article's
 * tool card links with these (src/content/body/body-tool.ts).
 */
export function normalizedToolQuery(path: string, search: string): string | null {
  return Object.hasOwn(TOOL_QUERIES, path) ? TOOL_QUERIES[path]!(search) : '';
}

/**
 * The reader's tools' part of a page's cache key (src/middleware/edge-cache.ts):
 * empty for every other page and for a tool's empty form (tracking parameters
 * alone do not split it), the normalized query for a result, so
 * "valor=500.000" and "valor=500000&utm_source=x" share one entry (and a
 * simulator's year shown open is part of it: another page). Refused
 * input is never stored (400, no-store), so it needs no more than one key.
 */
export function toolCacheKeyPart(path: string, search: string): string {
  const normalized = normalizedToolQuery(path, search);
  if (normalized === '') return '';
  return normalized === null ? '?invalida' : `?${normalized}`;
}
