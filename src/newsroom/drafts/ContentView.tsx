import { THEMES, type ThemeSlug } from '#src/content/schema/themes.ts';
import { type DraftContent, type DraftFields, FIELD_NAMES, type FieldName } from '../shared/draft-input';
import { labelOf } from '../shared/field-labels';

/** A field's value in words: texts as written, a ticked box as "sim", themes by name. */
function shown(value: DraftFields[FieldName]): string {
  if (value === true) return 'sim';
  if (Array.isArray(value)) return value.map((slug) => THEMES[slug as ThemeSlug]?.name ?? slug).join(', ');
  return value ?? '';
}

/** A version of a draft, read only: the fields it fills and its body, for comparing two versions side by side. */
export function ContentView({ content }: { content: DraftContent }) {
  const filled = FIELD_NAMES.filter((name) => content.fields[name] !== undefined);
  return (
    <>
      <dl className="nr-values">
        {filled.map((name) => (
          <div key={name}>
            <dt>{labelOf(name)}</dt>
            <dd>{shown(content.fields[name])}</dd>
          </div>
        ))}
      </dl>
      <p className="nr-label">Texto</p>
      <pre className="nr-text">{content.body || '(vazio)'}</pre>
    </>
  );
}
