import { RENT_OR_BUY_LIMITS, type RentOrBuyField } from '#src/finance/rent-or-buy-input.ts';
import { RENT_OR_BUY_PATH } from '#src/seo/urls.ts';
import { ChoiceField, NumberField } from '../tools/ToolFields';

/** The form's id prefix: a field's input is `aoc-<field>` (the error summary links to it). */
export const RENT_OR_BUY_PREFIX = 'aoc';

interface RentOrBuyFormProps {
  values: Record<RentOrBuyField, string>;
  errors: Partial<Record<RentOrBuyField, string>>;
}

/** Each number field: its label and its hint, in the order of the form. */
const NUMBERS: readonly [RentOrBuyField, string, string][] = [
  ['valor', 'Valor do imóvel (R$)', 'Por exemplo: 500.000 ou R$ 500 mil.'],
  ['aluguel', 'Aluguel de um imóvel igual (R$ por mês)', 'O que custaria morar nele pagando aluguel.'],
  ['entrada', 'Entrada (R$)', 'O que quem compra paga à vista; quem aluga aplica este valor.'],
  ['juros', 'Juros do financiamento (% ao ano)', 'Taxa efetiva anual do contrato, sem a TR.'],
  ['prazo', 'Prazo do financiamento (anos)', 'Até 35 anos.'],
  ['reajuste', 'Reajuste do aluguel (% ao ano)', 'Corrige também o condomínio e o IPTU, uma vez por ano.'],
  ['valorizacao', 'Valorização do imóvel (% ao ano)', 'Use 0 para um imóvel que não se valoriza.'],
  ['rendimento', 'Rendimento das aplicações (% ao ano)', 'Já descontado o Imposto de Renda.'],
  ['condominio', 'Condomínio (R$ por mês)', 'Use 0 para uma casa sem condomínio.'],
  ['iptu', 'IPTU (R$ por mês)', 'O valor do ano dividido por 12.'],
];

const SYSTEMS = [
  { value: 'sac', label: 'SAC (parcelas decrescentes)' },
  { value: 'price', label: 'Price (parcelas fixas)' },
] as const;

const CHARGES = [
  { value: 'ambos', label: 'Quem aluga também paga (o mais comum)' },
  { value: 'dono', label: 'Só quem compra paga' },
] as const;

/** The rent-or-buy form: a plain GET form to the page itself, like the simulator's. */
export function RentOrBuyForm(props: RentOrBuyFormProps) {
  const shared = { ...props, prefix: RENT_OR_BUY_PREFIX, maxFieldChars: RENT_OR_BUY_LIMITS.maxFieldChars };
  return (
    <form className="sim-form" action={RENT_OR_BUY_PATH} method="get" aria-label="Dados da comparação">
      {NUMBERS.map(([field, label, hint]) => (
        <NumberField key={field} field={field} label={label} hint={hint} {...shared} />
      ))}
      <ChoiceField field="sistema" legend="Sistema de amortização" options={SYSTEMS} {...shared} />
      <ChoiceField field="encargos" legend="Quem paga condomínio e IPTU" options={CHARGES} {...shared} />
      <NumberField field="horizonte" label="Comparar por (anos)" hint={`De 1 a ${RENT_OR_BUY_LIMITS.maxHorizonYears} anos.`} {...shared} />
      <button type="submit" className="button sim-submit">
        Comparar
      </button>
    </form>
  );
}
