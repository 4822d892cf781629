import { type Field, LIMITS } from '#src/finance/simulator-input.ts';
import { SIMULATOR_PATH } from '#src/seo/urls.ts';
import { ChoiceField, describedBy, FieldError, fieldInputId, NumberField } from '../tools/ToolFields';

interface SimulatorFormProps {
  /** What each field shows: the reader's own text when it was refused, else the simulation's values. */
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
}

/** The form's id prefix: a field's input is `sim-<field>` (the error summary links to it). */
export const SIMULATOR_PREFIX = 'sim';
const fields = (props: SimulatorFormProps) => ({ ...props, prefix: SIMULATOR_PREFIX, maxFieldChars: LIMITS.maxFieldChars });

const SYSTEMS = [
  { value: 'ambos', label: 'Comparar SAC e Price' },
  { value: 'sac', label: 'SAC (parcelas decrescentes)' },
  { value: 'price', label: 'Price (parcelas fixas)' },
] as const;

/**
 * The simulator's form: a plain GET form to the page itself, so it works with
 * JavaScript off and every simulation is an address (shareable, cached).
 */
export function SimulatorForm(props: SimulatorFormProps) {
  const { values, errors } = props;
  const inputId = (field: Field) => fieldInputId(SIMULATOR_PREFIX, field);
  return (
    <form className="sim-form" action={SIMULATOR_PATH} method="get" aria-label="Dados do financiamento">
      <NumberField field="valor" label="Valor do imóvel (R$)" hint="Por exemplo: 450.000 ou R$ 450 mil." {...fields(props)} />
      <NumberField field="entrada" label="Entrada (R$)" hint="O que você paga à vista. Use 0 se não houver." {...fields(props)} />
      <NumberField field="juros" label="Taxa de juros (% ao ano)" hint="Taxa efetiva anual do contrato, sem a TR." {...fields(props)} />
      <div className="sim-field">
        <label htmlFor={inputId('prazo')}>Prazo</label>
        <div className="sim-term">
          <input
            id={inputId('prazo')}
            name="prazo"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={LIMITS.maxFieldChars}
            defaultValue={values.prazo}
            aria-invalid={errors.prazo ? true : undefined}
            aria-describedby={describedBy(SIMULATOR_PREFIX, 'prazo', errors)}
          />
          <label htmlFor={inputId('unidade')} className="visually-hidden">
            Unidade do prazo
          </label>
          <select
            id={inputId('unidade')}
            name="unidade"
            defaultValue={values.unidade === 'meses' ? 'meses' : 'anos'}
            aria-invalid={errors.unidade ? true : undefined}
            aria-describedby={describedBy(SIMULATOR_PREFIX, 'unidade', errors, false)}
          >
            <option value="anos">anos</option>
            <option value="meses">meses</option>
          </select>
        </div>
        <p className="sim-hint" id={`${SIMULATOR_PREFIX}-prazo-dica`}>
          Até 35 anos (420 meses).
        </p>
        <FieldError prefix={SIMULATOR_PREFIX} field="prazo" errors={errors} />
        <FieldError prefix={SIMULATOR_PREFIX} field="unidade" errors={errors} />
      </div>
      <ChoiceField field="sistema" legend="Sistema de amortização" options={SYSTEMS} {...fields(props)} />
      <button type="submit" className="button sim-submit">
        Simular
      </button>
    </form>
  );
}
