import { type Field, LIMITS } from '#src/finance/simulator-input.ts';
import { SIMULATOR_PATH } from '#src/seo/urls.ts';

interface SimulatorFormProps {
  /** What each field shows: the reader's own text when it was refused, else the simulation's values. */
  values: Record<Field, string>;
  errors: Partial<Record<Field, string>>;
}

/** A field's input id: the error summary links to it. */
export const simulatorInputId = (field: Field) => `sim-${field}`;
const inputId = simulatorInputId;
const errorId = (field: Field) => `sim-${field}-erro`;
const hintId = (field: Field) => `sim-${field}-dica`;

/** The error message under a field, or nothing. */
function FieldError({ field, errors }: { field: Field; errors: SimulatorFormProps['errors'] }) {
  const message = errors[field];
  return message ? (
    <p className="sim-error" id={errorId(field)}>
      {message}
    </p>
  ) : null;
}

/** The ids that describe a field: its hint, then its error when it has one. */
const describedBy = (field: Field, errors: SimulatorFormProps['errors'], hint = true) =>
  [hint ? hintId(field) : '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;

function NumberField({ field, label, hint, values, errors }: { field: Field; label: string; hint: string } & SimulatorFormProps) {
  return (
    <div className="sim-field">
      <label htmlFor={inputId(field)}>{label}</label>
      <input
        id={inputId(field)}
        name={field}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={LIMITS.maxFieldChars}
        defaultValue={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field, errors)}
      />
      <p className="sim-hint" id={hintId(field)}>
        {hint}
      </p>
      <FieldError field={field} errors={errors} />
    </div>
  );
}

const SYSTEMS = [
  { value: 'ambos', label: 'Comparar SAC e Price' },
  { value: 'sac', label: 'SAC (parcelas decrescentes)' },
  { value: 'price', label: 'Price (parcelas fixas)' },
] as const;

/**
 * The simulator's form: a plain GET form to the page itself, so it works with
 * JavaScript off and every simulation is an address (shareable, cached).
 * Text inputs, not `type="number"`: readers type "450.000,00" or "R$ 450 mil",
 * which a number input refuses or reads in the browser's own locale.
 */
export function SimulatorForm({ values, errors }: SimulatorFormProps) {
  return (
    <form className="sim-form" action={SIMULATOR_PATH} method="get" aria-label="Dados do financiamento">
      <NumberField field="valor" label="Valor do imóvel (R$)" hint="Por exemplo: 450.000 ou R$ 450 mil." values={values} errors={errors} />
      <NumberField
        field="entrada"
        label="Entrada (R$)"
        hint="O que você paga à vista. Use 0 se não houver."
        values={values}
        errors={errors}
      />
      <NumberField
        field="juros"
        label="Taxa de juros (% ao ano)"
        hint="Taxa efetiva anual do contrato, sem a TR."
        values={values}
        errors={errors}
      />
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
            aria-describedby={describedBy('prazo', errors)}
          />
          <label htmlFor={inputId('unidade')} className="visually-hidden">
            Unidade do prazo
          </label>
          <select
            id={inputId('unidade')}
            name="unidade"
            defaultValue={values.unidade === 'meses' ? 'meses' : 'anos'}
            aria-invalid={errors.unidade ? true : undefined}
            aria-describedby={describedBy('unidade', errors, false)}
          >
            <option value="anos">anos</option>
            <option value="meses">meses</option>
          </select>
        </div>
        <p className="sim-hint" id={hintId('prazo')}>
          Até 35 anos (420 meses).
        </p>
        <FieldError field="prazo" errors={errors} />
        <FieldError field="unidade" errors={errors} />
      </div>
      <fieldset className="sim-field sim-systems" aria-describedby={errors.sistema ? errorId('sistema') : undefined}>
        <legend>Sistema de amortização</legend>
        {SYSTEMS.map((system) => (
          <label key={system.value}>
            <input
              type="radio"
              name="sistema"
              value={system.value}
              defaultChecked={(SYSTEMS.some((s) => s.value === values.sistema) ? values.sistema : 'ambos') === system.value}
            />{' '}
            {system.label}
          </label>
        ))}
        <FieldError field="sistema" errors={errors} />
      </fieldset>
      <button type="submit" className="button sim-submit">
        Simular
      </button>
    </form>
  );
}
