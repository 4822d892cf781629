import { CITIES } from '#src/finance/purchase-costs-data.ts';
import { OTHER_CITY, PURCHASE_LIMITS, type PurchaseField } from '#src/finance/purchase-costs-input.ts';
import { PURCHASE_COSTS_PATH } from '#src/seo/urls.ts';
import { ChoiceField, describedBy, FieldError, fieldInputId, NumberField } from '../tools/ToolFields';

/** The form's id prefix: a field's input is `cdc-<field>` (the error summary links to it). */
export const PURCHASE_PREFIX = 'cdc';

interface PurchaseCostsFormProps {
  values: Record<PurchaseField, string>;
  errors: Partial<Record<PurchaseField, string>>;
}

const SFH = [
  { value: 'nao', label: 'Não' },
  { value: 'sim', label: 'Sim: primeiro imóvel residencial, financiado pelo SFH' },
] as const;

/**
 * The costs-of-buying form: a plain GET form to the page itself. The city is a
 * list (each listed city's ITBI is in src/finance/purchase-costs-data.ts);
 * "Outra cidade" uses the rate typed below it, which a listed city ignores.
 */
export function PurchaseCostsForm(props: PurchaseCostsFormProps) {
  const { values, errors } = props;
  const shared = { ...props, prefix: PURCHASE_PREFIX, maxFieldChars: PURCHASE_LIMITS.maxFieldChars };
  const city = [...CITIES.map((c) => c.slug), OTHER_CITY].includes(values.cidade) ? values.cidade : CITIES[0]!.slug;
  return (
    <form className="sim-form" action={PURCHASE_COSTS_PATH} method="get" aria-label="Dados da compra">
      <NumberField field="valor" label="Valor do imóvel (R$)" hint="O preço da compra, como estará na escritura." {...shared} />
      <NumberField field="financiado" label="Valor financiado (R$)" hint="O que o banco empresta. Use 0 para compra à vista." {...shared} />
      <div className="sim-field">
        <label htmlFor={fieldInputId(PURCHASE_PREFIX, 'cidade')}>Cidade do imóvel</label>
        <select
          id={fieldInputId(PURCHASE_PREFIX, 'cidade')}
          name="cidade"
          defaultValue={city}
          aria-invalid={errors.cidade ? true : undefined}
          aria-describedby={describedBy(PURCHASE_PREFIX, 'cidade', errors, false)}
        >
          {CITIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {`${c.name} (${c.state})`}
            </option>
          ))}
          <option value={OTHER_CITY}>Outra cidade</option>
        </select>
        <FieldError prefix={PURCHASE_PREFIX} field="cidade" errors={errors} />
      </div>
      <NumberField
        field="aliquota"
        label="Alíquota do ITBI (%), se for outra cidade"
        hint="Só vale para “Outra cidade”: veja a alíquota no site da prefeitura."
        {...shared}
      />
      <ChoiceField field="sfh" legend="É o seu primeiro imóvel, financiado pelo SFH?" options={SFH} {...shared} />
      <NumberField
        field="avaliacao"
        label="Tarifa de avaliação do banco (R$)"
        hint="Cobrada na compra financiada. Veja o valor na proposta do banco."
        {...shared}
      />
      <NumberField field="tarifas" label="Outras tarifas do banco (R$)" hint="Análise jurídica e outras, se o banco cobrar." {...shared} />
      <button type="submit" className="button sim-submit">
        Calcular
      </button>
    </form>
  );
}
