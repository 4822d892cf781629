import { ARTICLE_FIELDS } from '#src/content/schema/article-schema.ts';
import type { FieldSpec } from '#src/content/schema/field-rules.ts';
import type { FieldName } from './draft-input';

/**
 * The control each field of the article schema gets in the edit form
 * (drafts/DraftForm.tsx), which also says how its posted value is read
 * (draft-input.ts): a box is true when ticked, the themes a list.
 */
export type Widget = 'line' | 'paragraph' | 'datetime' | 'flag' | 'author' | 'themes';

/** Fields whose value is not free text; every other field is a line of text, or paragraphs when the schema says so. */
const WIDGETS: Partial<Record<FieldName, Widget>> = {
  data: 'datetime',
  atualizado: 'datetime',
  destaque: 'flag',
  autor: 'author',
  temas: 'themes',
};

export function widgetOf(name: FieldName): Widget {
  const spec: FieldSpec = ARTICLE_FIELDS[name];
  return WIDGETS[name] ?? (spec.text === 'paragraph' ? 'paragraph' : 'line');
}
