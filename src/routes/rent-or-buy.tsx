import { createFactory } from 'hono/factory';
import { parseRentOrBuyQuery } from '../finance/rent-or-buy-input';
import { HTML_CACHE_CONTROL, NO_STORE } from '../middleware/cache-policy';
import { RentOrBuyPage } from '../pages/RentOrBuyPage';
import { webApplication } from '../seo/structured-data';
import { RENT_OR_BUY_PATH } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

const factory = createFactory<AppEnv>();

const TITLE = 'Alugar ou comprar? Compare o patrimônio ano a ano';
const DESCRIPTION =
  'Vale mais a pena comprar financiado ou morar de aluguel e investir? Compare o patrimônio dos dois caminhos, ano a ano, com os seus números.';

/**
 * `/alugar-ou-comprar[?valor=…&aluguel=…&…]`, as the simulator's route: the
 * empty form and every comparison are ordinary pages, cached like the others
 * and keyed by the normalized inputs (src/finance/cache-key.ts), with the
 * form's address as canonical. Refused input gets the form back with a
 * message per field: 400, never stored.
 */
export const rentOrBuyRoute = factory.createHandlers(function renderRentOrBuy(c) {
  const query = parseRentOrBuyQuery(new URL(c.req.url).search);
  const refused = query.kind === 'invalid';
  c.status(refused ? 400 : 200);
  c.header('Cache-Control', refused ? NO_STORE : HTML_CACHE_CONTROL);
  return c.render(<RentOrBuyPage query={query} />, {
    title: TITLE,
    description: DESCRIPTION,
    canonicalPath: RENT_OR_BUY_PATH,
    jsonLd: [webApplication(c.var.site, { path: RENT_OR_BUY_PATH, name: 'Alugar ou comprar?', description: DESCRIPTION })],
    stylesheet: 'tool',
  });
});
