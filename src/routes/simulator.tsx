import { addMonths, format } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
import { createFactory } from 'hono/factory';
import { SITE_TIME_ZONE } from '../content/schema/updated';
import { parseSimulatorQuery } from '../finance/simulator-input';
import { currentTime } from '../lib/clock';
import { formatLongDate, parseCalendarDate } from '../lib/dates';
import { HTML_CACHE_CONTROL, NO_STORE } from '../middleware/cache-policy';
import { SimulatorPage, type SimulatorView } from '../pages/SimulatorPage';
import { webApplication } from '../seo/structured-data';
import { SIMULATOR_PATH } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

const factory = createFactory<AppEnv>();

const SIMULATOR_TITLE = 'Simulador de financiamento imobiliário: SAC e Price';
const SIMULATOR_DESCRIPTION =
  'Simule o financiamento do seu imóvel e compare SAC e Price: parcelas, juros, total pago e a tabela de amortização mês a mês.';

/** Today in São Paulo, as a calendar day (the edge runs in UTC; a reader at 22:00 on the 30th is still on the 30th). */
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar a simulation is told in: today, and the months of its first (next month) and last instalments. */
function simulationDates(now: number): SimulatorView['dates'] {
  const today = parseCalendarDate(dayFormat.format(now))!;
  const month = (date: Date) => format(date, "MMMM 'de' yyyy", { locale: ptBR });
  return {
    today: formatLongDate(today),
    firstInstalment: (months) => ({ first: month(addMonths(today, 1)), last: month(addMonths(today, months)) }),
  };
}

/**
 * `/simulador-de-financiamento[?valor=…&entrada=…&juros=…&prazo=…&unidade=…&sistema=…]`.
 * The empty form and every simulation are ordinary pages, cached like the
 * others, keyed by the normalized inputs (src/finance/cache-key.ts); every
 * simulation's canonical address is the form's, so search engines index one
 * page. Refused input gets the form back with a message per field: 400, never stored.
 */
export const simulatorRoute = factory.createHandlers(function renderSimulator(c) {
  const query = parseSimulatorQuery(new URL(c.req.url).search);
  const refused = query.kind === 'invalid';
  c.status(refused ? 400 : 200);
  c.header('Cache-Control', refused ? NO_STORE : HTML_CACHE_CONTROL);
  return c.render(<SimulatorPage view={{ query, dates: simulationDates(currentTime()) }} />, {
    title: SIMULATOR_TITLE,
    description: SIMULATOR_DESCRIPTION,
    canonicalPath: SIMULATOR_PATH,
    jsonLd: [webApplication(c.var.site)],
    stylesheet: 'tool',
  });
});
