import { RENT_OR_BUY_PREFIX, RentOrBuyForm } from '../components/rent-or-buy/RentOrBuyForm';
import { WealthChart } from '../components/rent-or-buy/WealthChart';
import { SYSTEM_NAMES } from '../components/simulator/PayoffChart';
import { ErrorSummary } from '../components/tools/ToolFields';
import { ToolLinks } from '../components/tools/ToolLinks';
import { formatBrl, formatPercent, formatReais } from '../finance/format';
import { type Driver, mainDriver, type RentOrBuyInput, type RentOrBuyResult, rentOrBuy, type Winner } from '../finance/rent-or-buy';
import {
  RENT_OR_BUY_DEFAULTS,
  type RentOrBuyField,
  type RentOrBuyQuery,
  rentOrBuyFormValues,
  rentOrBuyQuery,
} from '../finance/rent-or-buy-input';
import { PURCHASE_COSTS_PATH, RENT_OR_BUY_PATH, SIMULATOR_PATH } from '../seo/urls';

const FIELD_LABELS: Record<RentOrBuyField, string> = {
  valor: 'Valor do imóvel',
  aluguel: 'Aluguel',
  entrada: 'Entrada',
  juros: 'Juros do financiamento',
  prazo: 'Prazo do financiamento',
  sistema: 'Sistema de amortização',
  reajuste: 'Reajuste do aluguel',
  valorizacao: 'Valorização do imóvel',
  rendimento: 'Rendimento das aplicações',
  condominio: 'Condomínio',
  iptu: 'IPTU',
  encargos: 'Quem paga condomínio e IPTU',
  horizonte: 'Comparar por',
};

const PATH_NAMES: Record<Exclude<Winner, 'empate'>, string> = { comprar: 'comprar', alugar: 'alugar' };
const years = (n: number) => `${n} ${n === 1 ? 'ano' : 'anos'}`;

/** The answer in one sentence, then where the paths cross, then what weighs most. */
function Answer({ input, result }: { input: RentOrBuyInput; result: RentOrBuyResult }) {
  const last = result.years.at(-1)!;
  const gap = Math.abs(last.buyerWealth - last.renterWealth);
  const firstLeader = result.years.find((year) => year.buyerWealth !== year.renterWealth);
  const startedAhead = firstLeader && (firstLeader.buyerWealth > firstLeader.renterWealth ? 'comprar' : 'alugar');
  return (
    <div className="aoc-answer">
      <p className="aoc-verdict">
        {result.winner === 'empate' ? (
          <>
            <strong>Em {years(input.horizonYears)}, os dois caminhos empatam:</strong> {formatBrl(last.buyerWealth)} cada um.
          </>
        ) : (
          <>
            <strong>
              Em {years(input.horizonYears)}, {PATH_NAMES[result.winner]} deixa mais patrimônio:
            </strong>{' '}
            {formatBrl(result.winner === 'comprar' ? last.buyerWealth : last.renterWealth)} contra{' '}
            {formatBrl(result.winner === 'comprar' ? last.renterWealth : last.buyerWealth)}, uma diferença de {formatBrl(gap)}.
          </>
        )}
      </p>
      <p>
        {result.crossing !== null
          ? `Os caminhos se cruzam no ano ${result.crossing}: até lá, ${startedAhead} estava à frente.`
          : startedAhead
            ? `Os caminhos não se cruzam: ${startedAhead} fica à frente em todos os anos.`
            : 'Os caminhos não se separam em nenhum ano.'}
      </p>
      <DriverSentence input={input} result={result} driver={mainDriver(result)} />
    </div>
  );
}

function DriverSentence({ input, result, driver }: { input: RentOrBuyInput; result: RentOrBuyResult; driver: Driver | null }) {
  const costs = result.firstYear;
  if (driver === null) return null;
  const text: Record<Driver, string> = {
    rent: `o aluguel que quem compra deixa de pagar (${formatBrl(costs.rent)} no primeiro ano).`,
    appreciation: `a valorização do imóvel (${formatBrl(costs.appreciation)} no primeiro ano, a ${formatPercent(input.appreciation)} ao ano).`,
    interest: `os juros do financiamento (${formatBrl(costs.interest)} no primeiro ano), contra ${formatBrl(costs.rent)} de aluguel.`,
    forgoneReturn: `o que a entrada renderia aplicada (${formatBrl(costs.forgoneReturn)} no primeiro ano, a ${formatPercent(input.investmentReturn)} ao ano).`,
    ownerCharges: `o condomínio e o IPTU, que só quem compra paga (${formatBrl(costs.ownerCharges)} no primeiro ano).`,
  };
  return (
    <p>
      <strong>O que mais pesa:</strong> {text[driver]}
    </p>
  );
}

/**
 * Every year's figures, five narrow columns as in the simulator's table (a
 * 375 px phone shows them all): what the buyer invested is not a column, it is
 * "Comprar" − "Imóvel" + "Dívida", as the caption says.
 */
function YearsTable({ result }: { result: RentOrBuyResult }) {
  return (
    <div className="sim-table-box">
      <table className="sim-table aoc-years">
        <caption>
          Patrimônio ao fim de cada ano (em R$, sem centavos). Comprar = imóvel − dívida + o que quem compra aplicou nos meses em que gastou
          menos.
        </caption>
        <thead>
          <tr>
            <th scope="col">Ano</th>
            <th scope="col">Imóvel</th>
            <th scope="col">Dívida</th>
            <th scope="col">Comprar</th>
            <th scope="col">Alugar</th>
          </tr>
        </thead>
        <tbody>
          {result.years.map((year) => (
            <tr key={year.year} className={year.year === result.crossing ? 'aoc-crossing' : undefined}>
              <th scope="row">{year.year}</th>
              <td>{formatReais(year.propertyValue)}</td>
              <td>{formatReais(year.debt)}</td>
              <td>{formatReais(year.buyerWealth)}</td>
              <td>{formatReais(year.renterWealth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The first year's costs of each path, the figures the "what weighs most" sentence compares. */
function FirstYear({ input, result }: { input: RentOrBuyInput; result: RentOrBuyResult }) {
  const costs = result.firstYear;
  const buyerCost = costs.interest + costs.forgoneReturn + costs.ownerCharges - costs.appreciation;
  return (
    <div className="sim-table-box">
      <table className="sim-table sim-compare">
        <caption>Quanto custa morar no primeiro ano (R$)</caption>
        <tbody>
          <tr>
            <th scope="row">Juros do financiamento ({SYSTEM_NAMES[input.system]})</th>
            <td>{formatBrl(costs.interest)}</td>
          </tr>
          <tr>
            <th scope="row">O que a entrada renderia aplicada</th>
            <td>{formatBrl(costs.forgoneReturn)}</td>
          </tr>
          <tr>
            <th scope="row">Condomínio e IPTU que só quem compra paga</th>
            <td>{formatBrl(costs.ownerCharges)}</td>
          </tr>
          <tr>
            <th scope="row">Menos a valorização do imóvel</th>
            <td>−{formatBrl(costs.appreciation)}</td>
          </tr>
          <tr>
            <th scope="row">Custo de quem compra</th>
            <td>{formatBrl(buyerCost)}</td>
          </tr>
          <tr>
            <th scope="row">Custo de quem aluga: 12 aluguéis</th>
            <td>{formatBrl(costs.rent)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** How the figures are computed, in words a reader can redo with a calculator. */
function HowWeCalculate() {
  return (
    <section className="sim-about" aria-labelledby="aoc-como">
      <h2 id="aoc-como">Como calculamos</h2>
      <ul>
        <li>
          As duas famílias gastam o mesmo por mês. Quem compra paga a parcela do financiamento (calculada como no{' '}
          <a href={SIMULATOR_PATH}>simulador</a>), o condomínio e o IPTU; quem aluga paga o aluguel e, se você marcou assim, também o
          condomínio e o IPTU. Quem gastou menos no mês aplica a diferença.
        </li>
        <li>
          Quem aluga começa com a entrada aplicada. As aplicações rendem todo mês a taxa equivalente ao rendimento anual: (1 + taxa anual)
          <sup>1/12</sup> − 1.
        </li>
        <li>
          O aluguel, o condomínio e o IPTU sobem uma vez por ano, pelo reajuste informado. O imóvel vale, ao fim do ano N, o valor de hoje ×
          (1 + valorização)<sup>N</sup>.
        </li>
        <li>
          Patrimônio de quem compra: o valor do imóvel, menos a dívida que falta pagar, mais o que aplicou (depois de quitar, a parcela vira
          economia). Patrimônio de quem aluga: tudo o que aplicou, com os rendimentos.
        </li>
      </ul>
    </section>
  );
}

/** What the comparison leaves out: said wherever figures are shown. */
function Estimate() {
  return (
    <aside className="sim-notice" aria-label="Esta comparação é uma estimativa">
      <p>
        <strong>É uma estimativa.</strong> A conta não inclui os custos da compra (ITBI, cartório e registro: veja{' '}
        <a href={PURCHASE_COSTS_PATH}>Quanto custa comprar?</a>), os seguros do financiamento, a TR, a manutenção do imóvel nem o imposto na
        venda. Reajuste, valorização e rendimento são suposições: teste outros valores.
      </p>
    </aside>
  );
}

function Results({ input }: { input: RentOrBuyInput }) {
  const result = rentOrBuy(input);
  const shareUrl = `${RENT_OR_BUY_PATH}?${rentOrBuyQuery(input)}`;
  return (
    <section className="sim-results" aria-labelledby="resultado">
      <h2 id="resultado">Resultado da comparação</h2>
      <Answer input={input} result={result} />
      <WealthChart start={input.downPayment} years={result.years} />
      <YearsTable result={result} />
      <FirstYear input={input} result={result} />
      <HowWeCalculate />
      <Estimate />
      <p className="sim-share">
        Endereço desta comparação, para guardar ou compartilhar: <a href={shareUrl}>{shareUrl.replaceAll('&', '&\u200b')}</a>
      </p>
    </section>
  );
}

/**
 * /alugar-ou-comprar: the form, then (for a comparison) the results on the
 * same page, all rendered on the server: the page works the same with
 * JavaScript off.
 */
export function RentOrBuyPage({ query }: { query: RentOrBuyQuery }) {
  const values: Record<RentOrBuyField, string> =
    query.kind === 'invalid'
      ? { ...rentOrBuyFormValues(RENT_OR_BUY_DEFAULTS), ...query.values }
      : rentOrBuyFormValues(query.kind === 'valid' ? query.input : RENT_OR_BUY_DEFAULTS);
  return (
    <div className="page sim-page">
      <header className="page-header">
        <p className="eyebrow">Ferramenta</p>
        <h1>Alugar ou comprar?</h1>
        <p className="page-lead">
          Compare, ano a ano, o patrimônio de quem compra um imóvel financiado e o de quem mora de aluguel e aplica a diferença.
        </p>
      </header>
      {query.kind === 'invalid' && (
        <ErrorSummary
          prefix={RENT_OR_BUY_PREFIX}
          labels={FIELD_LABELS}
          errors={query.errors}
          tooLong={query.tooLong}
          heading="Confira os dados da comparação"
          submit="Comparar"
          of="desta comparação"
        />
      )}
      <RentOrBuyForm values={values} errors={query.kind === 'invalid' ? query.errors : {}} />
      {query.kind === 'valid' ? (
        <Results input={query.input} />
      ) : (
        <section className="sim-about" aria-labelledby="aoc-exemplo">
          <h2 id="aoc-exemplo">Como funciona</h2>
          <p>
            Os valores já preenchidos são um exemplo, não uma previsão: um imóvel de R$ 500 mil com 20% de entrada, financiado em 30 anos a
            11,5% ao ano, e um aluguel de R$ 2.500 (0,5% do valor por mês). Troque pelos seus números e toque em “Comparar”.
          </p>
          <Estimate />
        </section>
      )}
      <ToolLinks current={RENT_OR_BUY_PATH} />
    </div>
  );
}
