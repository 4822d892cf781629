import { createFactory } from 'hono/factory';
import { parsePurchaseQuery } from '../finance/purchase-costs-input';
import { HTML_CACHE_CONTROL, NO_STORE } from '../middleware/cache-policy';
import { PurchaseCostsPage } from '../pages/PurchaseCostsPage';
import { webApplication } from '../seo/structured-data';
import { PURCHASE_COSTS_PATH } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

const factory = createFactory<AppEnv>();

const TITLE = 'Quanto custa comprar um imóvel: ITBI, cartório e registro';
const DESCRIPTION =
  'Calcule o dinheiro que a compra de um imóvel pede além da entrada: ITBI da sua cidade, escritura, registro e tarifas do banco, com a fonte de cada valor.';

/**
 * `/custos-da-compra[?valor=…&financiado=…&cidade=…&…]`, as the simulator's route: the
 * empty form and every result are ordinary pages, cached like the others
 * and keyed by the normalized inputs (src/finance/cache-key.ts), with the
 * form's address as canonical. Refused input gets the form back with a
 * message per field: 400, never stored.
 */
export const purchaseCostsRoute = factory.createHandlers(function renderPurchaseCosts(c) {
  const query = parsePurchaseQuery(new URL(c.req.url).search);
  const refused = query.kind === 'invalid';
  c.status(refused ? 400 : 200);
  c.header('Cache-Control', refused ? NO_STORE : HTML_CACHE_CONTROL);
  return c.render(<PurchaseCostsPage query={query} />, {
    title: TITLE,
    description: DESCRIPTION,
    canonicalPath: PURCHASE_COSTS_PATH,
    jsonLd: [webApplication(c.var.site, { path: PURCHASE_COSTS_PATH, name: 'Quanto custa comprar?', description: DESCRIPTION })],
    stylesheet: 'tool',
  });
});
