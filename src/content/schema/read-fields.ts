import * as v from 'valibot';
import { withoutUnsafeChars } from '#src/lib/escape-xml.ts';
import { FIRST_FAILURE, type FieldSpec, heard, isAbsent, type Relation } from './field-rules';

/** Why a field was left out of what was read: the field, and the message the editors' check gives for it. */
export type DroppedField = (field: string, reason: string) => void;

const LINE_BREAK = /[\t\n\r]/;

/** A stored text as the site may show it: without unsafe characters, and on one line when it is a one-line text. */
function cleaned(value: string, kind: 'line' | 'paragraph'): string {
  const clean = withoutUnsafeChars(value);
  return kind === 'line' && LINE_BREAK.test(clean) ? clean.replace(/\s+/g, ' ').trim() : clean;
}

/**
 * Reads the fields a schema describes (article-schema.ts, author-schema.ts)
 * out of a stored value, as the worker does, leniently:
 *
 * - texts are first cleaned of the characters no feed or sitemap may carry
 *   (src/lib/escape-xml.ts), and a one-line text of tabs and line breaks,
 *   which the check refuses but an older or hostile publisher may have
 *   written: each run becomes a space;
 * - a required field that is absent or fails what a reader needs of it
 *   (`read`, else its rule) refuses the whole value: the reason is returned;
 * - an optional field that fails its rule, or a rule between fields, is left
 *   out and reported through `dropped`; the rest is kept (the page then shows
 *   what it showed before the field existed);
 * - advice is the check's alone.
 *
 * Values are kept as stored (a text is not trimmed here); `false` and the
 * like, which a rule turns into `undefined`, are left out.
 */
export function readFields<T>(
  specs: Record<string, FieldSpec>,
  relations: readonly Relation<T>[],
  stored: Record<string, unknown>,
  dropped?: DroppedField,
): Partial<T> | string {
  const kept: Record<string, unknown> = {};
  for (const field in specs) {
    const spec = specs[field]!;
    let value = stored[field];
    if (spec.text !== undefined && typeof value === 'string') value = cleaned(value, spec.text);
    if (isAbsent(spec, value)) {
      if (spec.required !== undefined) return heard(spec.required).message;
      continue;
    }
    const result = v.safeParse(spec.required === undefined ? spec.rule : (spec.read ?? spec.rule), value, FIRST_FAILURE);
    if (result.success) {
      if (result.output !== undefined) kept[field] = result.output;
      continue;
    }
    const reason = heard(result.issues[0].message).message;
    if (spec.required !== undefined) return reason;
    dropped?.(field, reason);
  }
  const fields = kept as Partial<T>;
  for (const relation of relations) {
    if (fields[relation.field] === undefined || relation.holds(fields)) continue;
    dropped?.(relation.field, heard(relation.fails(fields)).message);
    delete fields[relation.field];
  }
  return fields;
}
