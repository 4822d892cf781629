import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { type DraftContent, FIELD_NAMES } from '../shared/draft-input';
import { IMAGE_FIELD } from '../shared/media-names';
import { FORM } from '../shared/names';
import { shownAt } from '../shared/when';
import { ContentView } from './ContentView';
import type { Draft } from './drafts-store';

/** A version's fields as the hidden inputs of a form that saves it again, exactly. */
function HiddenContent({ content }: { content: DraftContent }) {
  return (
    <>
      {FIELD_NAMES.flatMap((name) => {
        const value = content.fields[name];
        if (value === undefined) return [];
        const values = value === true ? ['on'] : Array.isArray(value) ? value : [value];
        return values.map((item) => <input key={`${name}-${item}`} type="hidden" name={name} value={item} />);
      })}
      {content.fields[IMAGE_FIELD] !== undefined && <input type="hidden" name={IMAGE_FIELD} value={content.fields[IMAGE_FIELD]} />}
      <input type="hidden" name={FORM.body} value={content.body} />
    </>
  );
}

/**
 * A save refused because someone saved the draft first: both versions side
 * by side, and a way to keep either. Nothing was merged; the refused version
 * travels in this page's form until the journalist chooses.
 */
export function ConflictPage({ mine, current, you, xsrf }: { mine: DraftContent; current: Draft; you: string; xsrf: string }) {
  // The same person in two tabs, or on the phone and the laptop, gets the same choice.
  const who = current.updatedBy === you ? 'Você (em outra aba ou aparelho)' : current.updatedBy;
  return (
    <>
      <h1>{current.updatedBy === you ? 'Este rascunho foi salvo em outra aba' : 'Outra pessoa salvou este rascunho antes de você'}</h1>
      <p>
        {who} salvou a versão {current.version} em {shownAt(current.updatedAt)}, depois da versão em que você começou. Nada foi misturado
        nem perdido: escolha qual versão fica. A outra continua visível aqui até você escolher.
      </p>
      <div className="nr-compare">
        <section aria-labelledby="versao-sua">
          <h2 id="versao-sua">Sua versão (ainda não salva)</h2>
          <form method="post" action={PATHS.draft(current.id)}>
            <XsrfField token={xsrf} />
            <input type="hidden" name={FORM.version} value={current.version} />
            <HiddenContent content={mine} />
            <button type="submit" className="nr-primary">
              Manter a minha versão
            </button>
          </form>
          <ContentView content={mine} />
        </section>
        <section aria-labelledby="versao-salva">
          <h2 id="versao-salva">
            Versão {current.version}, de {current.updatedBy}
          </h2>
          <a className="nr-button" href={PATHS.draft(current.id)}>
            Manter a versão de {current.updatedBy}
          </a>
          <ContentView content={current} />
        </section>
      </div>
    </>
  );
}
