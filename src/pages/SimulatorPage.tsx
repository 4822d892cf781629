import { PayoffChart, SYSTEM_NAMES } from '../components/simulator/PayoffChart';
import { ScheduleTable } from '../components/simulator/ScheduleTable';
import { SIMULATOR_PREFIX, SimulatorForm } from '../components/simulator/SimulatorForm';
import { ErrorSummary } from '../components/tools/ToolFields';
import { ToolLinks } from '../components/tools/ToolLinks';
import { type Schedule, schedule } from '../finance/amortization';
import { formatAmount, formatBrl, formatPercent, formatShare } from '../finance/format';
import {
  type ChosenYear,
  DEFAULT_INPUT,
  type Field,
  financedOf,
  formValues,
  monthlyRateOf,
  monthsOf,
  type SimulatorInput,
  type SimulatorQuery,
  simulatorQuery,
} from '../finance/simulator-input';
import { articlePath, SIMULATOR_PATH } from '../seo/urls';

/** What the page shows besides the form: the reader's simulation, and the calendar it starts from. */
export interface SimulatorView {
  query: SimulatorQuery;
  /** "26 de novembro de 2026", and the months of the first and last instalments ("dezembro de 2026"). */
  dates: { today: string; firstInstalment: (months: number) => { first: string; last: string } };
}

const FIELD_LABELS: Record<Field, string> = {
  valor: 'Valor do imóvel',
  entrada: 'Entrada',
  juros: 'Taxa de juros',
  prazo: 'Prazo',
  unidade: 'Unidade do prazo',
  sistema: 'Sistema de amortização',
};

/** The article that explains the two systems (content/financiamento-imobiliario-sac-ou-price). */
const EXPLAINER = articlePath({ slug: 'financiamento-imobiliario-sac-ou-price' });

/** SAC and Price side by side: the figures, then which starts lower and which costs more in all. */
function Comparison({ schedules }: { schedules: readonly Schedule[] }) {
  const sac = schedules.find((s) => s.system === 'sac');
  const price = schedules.find((s) => s.system === 'price');
  const rows: [string, (s: Schedule) => number][] = [
    ['1ª parcela', (s) => s.rows[0]!.instalment],
    ['Última parcela', (s) => s.rows.at(-1)!.instalment],
    ['Total pago', (s) => s.totalPaid],
    ['Juros no total', (s) => s.totalInterest],
  ];
  return (
    <>
      <div className="sim-table-box">
        <table className="sim-table sim-compare">
          <caption>
            {schedules.length > 1 ? 'SAC e Price lado a lado' : `Resumo do ${SYSTEM_NAMES[schedules[0]!.system]}`} (valores em R$)
          </caption>
          <thead>
            <tr>
              <td />
              {schedules.map((s) => (
                <th key={s.system} scope="col">
                  {SYSTEM_NAMES[s.system]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {schedules.map((s) => (
                  <td key={s.system}>{formatAmount(value(s))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sac && price && <Verdict sac={sac} price={price} />}
    </>
  );
}

function Verdict({ sac, price }: { sac: Schedule; price: Schedule }) {
  const extra = price.totalPaid - sac.totalPaid;
  const startGap = sac.rows[0]!.instalment - price.rows[0]!.instalment;
  return (
    <ul className="sim-verdict">
      <li>
        {startGap > 0 ? (
          <>
            <strong>O Price começa mais baixo:</strong> a primeira parcela é {formatBrl(startGap)} menor que a do SAC.
          </>
        ) : (
          <>
            <strong>As duas começam iguais:</strong> sem juros, a primeira parcela é a mesma.
          </>
        )}
      </li>
      <li>
        {extra > 0 ? (
          <>
            <strong>O Price custa mais no total:</strong> {formatBrl(extra)} a mais em juros ao longo do contrato, porque o saldo cai mais
            devagar no começo.
          </>
        ) : (
          <>
            <strong>Os dois custam o mesmo no total:</strong> sem juros, paga-se só o valor financiado.
          </>
        )}
      </li>
    </ul>
  );
}

const monthsText = (months: number) => {
  const years = months / 12;
  const inYears = Number.isInteger(years) ? ` (${years} ${years === 1 ? 'ano' : 'anos'})` : '';
  return `${months} ${months === 1 ? 'mês' : 'meses'}${inYears}`;
};

/** The results of a checked simulation, with the later year the reader chose shown month by month. */
function Results({ input, year, dates }: { input: SimulatorInput; year: ChosenYear; dates: SimulatorView['dates'] }) {
  const financed = financedOf(input);
  const months = monthsOf(input);
  const rate = monthlyRateOf(input);
  const systems = input.system === 'ambos' ? (['sac', 'price'] as const) : [input.system];
  const schedules = systems.map((system) => schedule(system, financed, rate, months));
  const { first, last } = dates.firstInstalment(months);
  const shareUrl = `${SIMULATOR_PATH}?${simulatorQuery(input)}`;
  return (
    <section className="sim-results" aria-labelledby="resultado">
      <h2 id="resultado">Resultado da simulação</h2>
      <dl className="sim-facts">
        <div>
          <dt>Valor financiado</dt>
          <dd>
            {formatBrl(financed)} ({formatShare(financed / input.price)} do imóvel)
          </dd>
        </div>
        <div>
          <dt>Juros</dt>
          <dd>
            {formatPercent(input.annualRate)} ao ano, ou {formatPercent(rate)} ao mês
          </dd>
        </div>
        <div>
          <dt>Prazo</dt>
          <dd>{monthsText(months)}</dd>
        </div>
      </dl>
      {financed === 0 ? (
        <p className="sim-notice">
          <strong>Não há nada a financiar:</strong> a entrada cobre todo o valor do imóvel. Diminua a entrada para ver as parcelas.
        </p>
      ) : (
        <>
          <p className="sim-dates">
            Simulação feita em {dates.today}: se a primeira parcela vencer em {first}, a última vence em {last}.
          </p>
          <Comparison schedules={schedules} />
          <PayoffChart schedules={schedules} />
          {schedules.map((s) => (
            <ScheduleTable
              key={s.system}
              schedule={s}
              open={year}
              addressWithYear={(later) => `${SIMULATOR_PATH}?${simulatorQuery(input, later)}`}
            />
          ))}
        </>
      )}
      <Estimate />
      <p className="sim-share">
        Endereço desta simulação, para guardar ou compartilhar: <a href={shareUrl}>{shareUrl.replaceAll('&', '&\u200b')}</a>
      </p>
    </section>
  );
}

/** What the figures leave out (docs/product.md §2): said wherever figures are shown. */
function Estimate() {
  return (
    <aside className="sim-notice" aria-label="Esta simulação é uma estimativa">
      <p>
        <strong>É uma estimativa.</strong> As parcelas do contrato serão maiores: esta conta não inclui os seguros obrigatórios (MIP, de
        morte e invalidez, e DFI, de danos ao imóvel), a taxa de administração do banco nem a correção do saldo pela TR. Compare o Custo
        Efetivo Total (CET) que cada banco informa na proposta.
      </p>
    </aside>
  );
}

/**
 * /simulador-de-financiamento: the form, then (for a simulation) the results
 * on the same page. Everything is rendered here, on the server: the page works
 * the same with JavaScript off.
 */
export function SimulatorPage({ view }: { view: SimulatorView }) {
  const { query } = view;
  const values: Record<Field, string> =
    query.kind === 'invalid'
      ? { ...formValues(DEFAULT_INPUT), ...query.values }
      : formValues(query.kind === 'valid' ? query.input : DEFAULT_INPUT);
  return (
    <div className="page sim-page">
      <header className="page-header">
        <p className="eyebrow">Ferramenta</p>
        <h1>Simulador de financiamento imobiliário</h1>
        <p className="page-lead">
          Compare SAC e Price com os seus números: parcelas, juros, total pago e a evolução do saldo devedor, mês a mês.
        </p>
      </header>
      {query.kind === 'invalid' && (
        <ErrorSummary
          prefix={SIMULATOR_PREFIX}
          labels={FIELD_LABELS}
          errors={query.errors}
          tooLong={query.tooLong}
          heading="Confira os dados da simulação"
          submit="Simular"
          of="desta simulação"
        />
      )}
      <SimulatorForm values={values} errors={query.kind === 'invalid' ? query.errors : {}} />
      {query.kind === 'valid' ? (
        <Results input={query.input} year={query.year} dates={view.dates} />
      ) : (
        <section className="sim-about" aria-labelledby="sim-como">
          <h2 id="sim-como">Como funciona</h2>
          <p>
            Os valores já preenchidos são um exemplo: um imóvel de R$ 500 mil com 20% de entrada, em 30 anos, a 11,5% ao ano (estimativa da
            redação para as taxas dos grandes bancos em novembro de 2026, antes da TR). Troque pelos seus números e toque em “Simular”.
          </p>
          <p>
            No <strong>SAC</strong>, a dívida diminui o mesmo valor todo mês e as parcelas começam mais altas e caem; na{' '}
            <strong>Tabela Price</strong>, as parcelas são fixas, mas os juros totais são maiores. Entenda as diferenças em{' '}
            <a href={EXPLAINER}>Financiamento imobiliário: SAC ou Price, qual tabela escolher?</a>
          </p>
          <Estimate />
        </section>
      )}
      <ToolLinks current={SIMULATOR_PATH} />
    </div>
  );
}
