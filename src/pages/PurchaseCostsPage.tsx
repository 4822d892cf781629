import type { ReactNode } from 'react';
import { PURCHASE_PREFIX, PurchaseCostsForm } from '../components/purchase-costs/PurchaseCostsForm';
import { ErrorSummary } from '../components/tools/ToolFields';
import { ToolLinks } from '../components/tools/ToolLinks';
import { formatBrl, formatPercent } from '../finance/format';
import { type PurchaseCosts, type PurchaseCostsInput, purchaseCosts } from '../finance/purchase-costs';
import { BANK_DEFAULTS, CITIES, NOTARY_ESTIMATE, RULES, TABLES_CHECKED } from '../finance/purchase-costs-data';
import {
  PURCHASE_DEFAULTS,
  type PurchaseField,
  type PurchaseQuery,
  purchaseFormValues,
  purchaseQuery,
} from '../finance/purchase-costs-input';
import { formatLongDate, parseCalendarDate } from '../lib/dates';
import { PURCHASE_COSTS_PATH, RENT_OR_BUY_PATH, SIMULATOR_PATH } from '../seo/urls';

const FIELD_LABELS: Record<PurchaseField, string> = {
  valor: 'Valor do imóvel',
  financiado: 'Valor financiado',
  cidade: 'Cidade do imóvel',
  aliquota: 'Alíquota do ITBI',
  sfh: 'Primeiro imóvel pelo SFH',
  avaliacao: 'Tarifa de avaliação',
  tarifas: 'Outras tarifas do banco',
};

/** "29 de novembro de 2026" for a data file's date. */
const checkedOn = (date: string) => formatLongDate(parseCalendarDate(date)!);

/** Where a figure comes from: its law and the day it was checked, or the word "estimativa". */
function Source({ source, checked }: { source: string; checked: string | null }) {
  return (
    <p className="cdc-source">
      {checked ? (
        <>
          Fonte: {source}. Conferido em {checkedOn(checked)}.
        </>
      ) : (
        <>
          <strong>Estimativa:</strong> {source}. Confirme antes de fechar negócio.
        </>
      )}
    </p>
  );
}

/** One cost: its name and amount, how it was computed, where it comes from. */
function Line({ name, amount, how, children }: { name: string; amount: number; how: ReactNode; children?: ReactNode }) {
  return (
    <li className="cdc-line">
      <p className="cdc-line-head">
        <strong>{name}</strong> <span>{formatBrl(amount)}</span>
      </p>
      <p className="cdc-how">{how}</p>
      {children}
    </li>
  );
}

function ItbiLine({ input, costs }: { input: PurchaseCostsInput; costs: PurchaseCosts }) {
  const { itbi } = costs;
  const city = itbi.city;
  const fullBase = input.price - itbi.reducedBase;
  const how =
    itbi.reducedBase > 0 ? (
      <>
        {formatPercent(itbi.reducedRate)} × {formatBrl(itbi.reducedBase)} financiados pelo SFH + {formatPercent(itbi.rate)} ×{' '}
        {formatBrl(fullBase)} do restante
      </>
    ) : (
      <>
        {formatPercent(itbi.rate)} × {formatBrl(input.price)}
      </>
    );
  return (
    <Line name={`ITBI${city ? ` em ${city.name}` : ''}`} amount={itbi.amount} how={how}>
      {city ? (
        <>
          <p className="cdc-source">Base: {city.base}.</p>
          <Source source={city.source} checked={city.checked} />
          {itbi.reducedBase > 0 && city.sfh && <Source source={city.sfh.source} checked={city.sfh.checked} />}
          {itbi.reducedBase === 0 && input.firstHomeSfh && city.sfh && (
            <p className="cdc-source">
              <strong>Pode sair menor:</strong> a lei da cidade dá alíquota de {formatPercent(city.sfh.rate)} à parte financiada pelo SFH,
              até um limite que ainda não está nesta conta ({city.sfh.source}). Usamos a alíquota cheia: o ITBI não passa deste valor.
            </p>
          )}
        </>
      ) : (
        <p className="cdc-source">Fonte: a alíquota que você informou, sobre o valor da compra.</p>
      )}
    </Line>
  );
}

function Results({ input }: { input: PurchaseCostsInput }) {
  const costs = purchaseCosts(input);
  const financed = input.financed > 0;
  const shareUrl = `${PURCHASE_COSTS_PATH}?${purchaseQuery(input)}`;
  const notary = { source: NOTARY_ESTIMATE.source, checked: NOTARY_ESTIMATE.checked };
  const half = costs.halved ? ', com o desconto de 50% do primeiro imóvel pelo SFH' : '';
  return (
    <section className="sim-results" aria-labelledby="resultado">
      <h2 id="resultado">Quanto custa, além da entrada</h2>
      <p className="aoc-verdict">
        <strong>Você vai precisar de {formatBrl(costs.total)} além da entrada</strong> de {formatBrl(costs.downPayment)}: ao todo,{' '}
        {formatBrl(costs.downPayment + costs.total)} em dinheiro.
      </p>
      <ul className="cdc-lines">
        <ItbiLine input={input} costs={costs} />
        <Line
          name="Escritura (tabelião de notas)"
          amount={costs.deed}
          how={
            financed ? (
              'Sem escritura: o contrato do banco vale como escritura pública'
            ) : (
              <>
                {formatPercent(NOTARY_ESTIMATE.deedShare)} × {formatBrl(input.price)}
              </>
            )
          }
        >
          {financed ? <p className="cdc-source">Fonte: {RULES.contractIsDeed}.</p> : <Source {...notary} />}
        </Line>
        <Line
          name="Registro (cartório de imóveis)"
          amount={costs.registry}
          how={
            <>
              {formatPercent(NOTARY_ESTIMATE.registryShare)} × {formatBrl(input.price)}
              {half}
            </>
          }
        >
          <Source {...notary} />
          {costs.halved && <p className="cdc-source">Desconto: {RULES.firstHomeHalfFees}.</p>}
        </Line>
        <Line
          name="Avaliação do imóvel pelo banco"
          amount={costs.appraisal}
          how={financed ? 'O valor que você informou' : 'Só na compra financiada'}
        >
          <p className="cdc-source">Padrão do formulário: {BANK_DEFAULTS.source}.</p>
        </Line>
        <Line name="Outras tarifas do banco" amount={costs.fees} how={financed ? 'O valor que você informou' : 'Só na compra financiada'} />
      </ul>
      <p className="cdc-total">
        <strong>Total além da entrada</strong> <span>{formatBrl(costs.total)}</span>
      </p>
      <Estimate />
      <p className="sim-share">
        Endereço desta conta, para guardar ou compartilhar: <a href={shareUrl}>{shareUrl.replaceAll('&', '&\u200b')}</a>
      </p>
    </section>
  );
}

/** What the figures leave out, and how old the tables are: said wherever figures are shown. */
function Estimate() {
  return (
    <aside className="sim-notice" aria-label="Estes valores são uma estimativa">
      <p>
        <strong>Tabelas atualizadas em {checkedOn(TABLES_CHECKED)}.</strong> O ITBI de cada cidade segue a lei citada; o que está marcado
        como estimativa ainda não foi conferido na fonte. Cartório e registro cobram por faixas de valor, numa tabela de cada estado: peça o
        orçamento ao cartório. A prefeitura pode contestar o valor declarado da compra.
      </p>
    </aside>
  );
}

/** Each listed city's ITBI, with its source: the page's own table, readable without any result. */
function CityTable() {
  return (
    <div className="sim-table-box">
      <table className="sim-table sim-compare cdc-cities">
        <caption>ITBI nas cidades da lista</caption>
        <thead>
          <tr>
            <th scope="col">Cidade</th>
            <th scope="col">Alíquota</th>
            <th scope="col">Fonte</th>
          </tr>
        </thead>
        <tbody>
          {CITIES.map((city) => (
            <tr key={city.slug}>
              <th scope="row">{`${city.name} (${city.state})`}</th>
              <td>{formatPercent(city.rate)}</td>
              <td>{city.checked ? `${city.source}; conferido em ${checkedOn(city.checked)}` : `${city.source}; estimativa`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How the figures are computed, in words a reader can redo. */
function HowWeCalculate() {
  return (
    <section className="sim-about" aria-labelledby="cdc-como">
      <h2 id="cdc-como">Como calculamos</h2>
      <ul>
        <li>
          <strong>ITBI:</strong> a alíquota da cidade × o valor da compra. Onde a lei da cidade dá alíquota menor à parte financiada pelo
          SFH, ela vale sobre o valor financiado e a alíquota cheia sobre o resto.
        </li>
        <li>
          <strong>Escritura:</strong> só na compra à vista; na financiada, o contrato do banco vale como escritura ({RULES.contractIsDeed}
          ).
        </li>
        <li>
          <strong>Registro:</strong> estimativa de {formatPercent(NOTARY_ESTIMATE.registryShare)} do valor; metade no primeiro imóvel
          residencial financiado pelo SFH ({RULES.firstHomeHalfFees}).
        </li>
        <li>
          <strong>Banco:</strong> a tarifa de avaliação e as outras tarifas, só na compra financiada, nos valores que você informar.
        </li>
      </ul>
      <CityTable />
      <p>
        Para decidir antes se vale comprar, use <a href={RENT_OR_BUY_PATH}>Alugar ou comprar?</a>; para as parcelas, o{' '}
        <a href={SIMULATOR_PATH}>simulador de financiamento</a>.
      </p>
    </section>
  );
}

/**
 * /custos-da-compra: the form, then (for a result) every cost with how it was
 * computed and where its figure comes from, all rendered on the server.
 */
export function PurchaseCostsPage({ query }: { query: PurchaseQuery }) {
  const values: Record<PurchaseField, string> =
    query.kind === 'invalid'
      ? { ...purchaseFormValues(PURCHASE_DEFAULTS), ...query.values }
      : purchaseFormValues(query.kind === 'valid' ? query.input : PURCHASE_DEFAULTS);
  return (
    <div className="page sim-page">
      <header className="page-header">
        <p className="eyebrow">Ferramenta</p>
        <h1>Quanto custa comprar?</h1>
        <p className="page-lead">
          Além da entrada, a compra de um imóvel pede dinheiro para o ITBI, o cartório, o registro e as tarifas do banco. Veja quanto, e de
          onde vem cada valor.
        </p>
      </header>
      {query.kind === 'invalid' && (
        <ErrorSummary
          prefix={PURCHASE_PREFIX}
          labels={FIELD_LABELS}
          errors={query.errors}
          tooLong={query.tooLong}
          heading="Confira os dados da compra"
          submit="Calcular"
          of="desta conta"
        />
      )}
      <PurchaseCostsForm values={values} errors={query.kind === 'invalid' ? query.errors : {}} />
      {query.kind === 'valid' && <Results input={query.input} />}
      <HowWeCalculate />
      <ToolLinks current={PURCHASE_COSTS_PATH} />
    </div>
  );
}
