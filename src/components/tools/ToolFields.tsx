import type { ReactNode } from 'react';

/**
 * The pieces every reader's tool form is made of (the simulator, rent or buy,
 * the costs of buying): a text field with its hint and error, a choice, and
 * the summary of refused fields above the form. Text inputs, not
 * `type="number"`: readers type "450.000,00" or "R$ 450 mil", which a number
 * input refuses or reads in the browser's own locale. Ids are `<prefix>-<field>`,
 * so the summary's links reach each field.
 */

export interface FieldsProps<F extends string> {
  /** The form's id prefix: "sim", "aoc". */
  prefix: string;
  /** What each field shows: the reader's own text when it was refused, else the values used. */
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  maxFieldChars: number;
}

export const fieldInputId = (prefix: string, field: string) => `${prefix}-${field}`;
export const fieldErrorId = (prefix: string, field: string) => `${prefix}-${field}-erro`;
const hintId = (prefix: string, field: string) => `${prefix}-${field}-dica`;

/** The error message under a field, or nothing. */
export function FieldError<F extends string>({ prefix, field, errors }: { prefix: string; field: F; errors: Partial<Record<F, string>> }) {
  const message = errors[field];
  return message ? (
    <p className="sim-error" id={fieldErrorId(prefix, field)}>
      {message}
    </p>
  ) : null;
}

/** The ids that describe a field: its hint, then its error when it has one. */
export const describedBy = <F extends string>(prefix: string, field: F, errors: Partial<Record<F, string>>, hint = true) =>
  [hint ? hintId(prefix, field) : '', errors[field] ? fieldErrorId(prefix, field) : ''].filter(Boolean).join(' ') || undefined;

/** A labelled text field for a number, with its hint and, when refused, its message. */
export function NumberField<F extends string>({
  field,
  label,
  hint,
  prefix,
  values,
  errors,
  maxFieldChars,
}: { field: F; label: string; hint: ReactNode } & FieldsProps<F>) {
  return (
    <div className="sim-field">
      <label htmlFor={fieldInputId(prefix, field)}>{label}</label>
      <input
        id={fieldInputId(prefix, field)}
        name={field}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={maxFieldChars}
        defaultValue={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(prefix, field, errors)}
      />
      <p className="sim-hint" id={hintId(prefix, field)}>
        {hint}
      </p>
      <FieldError prefix={prefix} field={field} errors={errors} />
    </div>
  );
}

/** A set of radio buttons; the first option is checked when the value is none of them. */
export function ChoiceField<F extends string>({
  field,
  legend,
  options,
  prefix,
  values,
  errors,
}: { field: F; legend: string; options: readonly { value: string; label: string }[] } & Omit<FieldsProps<F>, 'maxFieldChars'>) {
  const checked = options.some((option) => option.value === values[field]) ? values[field] : options[0]!.value;
  return (
    <fieldset
      className="sim-field sim-systems"
      id={fieldInputId(prefix, field)}
      aria-describedby={errors[field] ? fieldErrorId(prefix, field) : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="radio" name={field} value={option.value} defaultChecked={checked === option.value} /> {option.label}
        </label>
      ))}
      <FieldError prefix={prefix} field={field} errors={errors} />
    </fieldset>
  );
}

/** The refused fields, listed above the form with links to each (the messages are also under each field). */
export function ErrorSummary<F extends string>({
  prefix,
  labels,
  errors,
  tooLong,
  heading,
  submit,
  of,
}: {
  prefix: string;
  labels: Record<F, string>;
  errors: Partial<Record<F, string>>;
  tooLong: boolean;
  /** "Confira os dados da simulação". */
  heading: string;
  /** The submit button's words, for the message about a too long address. */
  submit: string;
  /** What the address holds: "desta simulação". */
  of: string;
}) {
  const fields = (Object.keys(errors) as F[]).filter((field) => errors[field]);
  return (
    <div className="sim-alert" role="alert" aria-labelledby={`${prefix}-erros`}>
      <h2 id={`${prefix}-erros`}>{tooLong ? 'Endereço longo demais' : heading}</h2>
      {tooLong ? (
        <p>
          O endereço {of} é longo demais para ser lido. Preencha o formulário abaixo e toque em “{submit}”.
        </p>
      ) : (
        <ul>
          {fields.map((field) => (
            <li key={field}>
              <a href={`#${fieldInputId(prefix, field)}`}>{labels[field]}</a>: {errors[field]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
