import * as v from 'valibot';
import { ARCHIVE_FIELDS, ARTICLE_FIELDS, ARTICLE_RELATIONS, type ArticleFields } from '#src/content/schema/article-schema.ts';
import { siteWallClock } from '#src/content/schema/date-rule.ts';
import { FIRST_FAILURE, type FieldSpec, heard, isAbsent } from '#src/content/schema/field-rules.ts';
import { type DraftFields, FIELD_NAMES, type FieldName } from './draft-input';
import { labelOf } from './field-labels';

/**
 * A draft's fields as a publish at `now` reads them: an empty "Data de
 * publicação" is the minute of the publish, as Ghost and WordPress publish
 * "now" unless a date is set; only scheduling needs a date. The publish
 * writes that minute into the draft first (publishing/publish-routes.tsx), so
 * publishing its changes again keeps the article's date.
 */
export function withPublishTime(fields: DraftFields, now: number): DraftFields {
  const { data } = fields;
  const empty = data === undefined || (typeof data === 'string' && data.trim() === '');
  return empty ? { ...fields, data: siteWallClock(now) } : fields;
}

/** What is wrong with a field and how to fix it, in the schema's words. */
export interface FieldProblem {
  message: string;
  fix: string;
}

/**
 * The draft's fields judged by the one article schema (src/content/schema/
 * article-schema.ts), as `content:check` judges an index.md's front matter:
 * a required field missing, the first failure of each rule, then the rules
 * between fields. Runs in the worker (the edit page as served) and in the browser
 * as the journalist types (client/newsroom/), with the same messages.
 */
export function fieldProblems(
  fields: DraftFields,
  specs: Record<FieldName, FieldSpec> = ARTICLE_FIELDS,
): Partial<Record<string, FieldProblem>> {
  const problems: Partial<Record<string, FieldProblem>> = {};
  const valid: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const spec = specs[name];
    const value = fields[name];
    if (isAbsent(spec, value)) {
      if (spec.required !== undefined) problems[name] = { message: `"${labelOf(name)}" está vazio`, fix: 'preencha antes de publicar' };
      continue;
    }
    const result = v.safeParse(spec.rule, value, FIRST_FAILURE);
    if (result.success) valid[name] = result.output;
    else problems[name] = inFormTerms(name, heard(result.issues[0].message));
  }
  for (const relation of ARTICLE_RELATIONS) {
    const given = valid as Partial<ArticleFields>;
    if (given[relation.field] === undefined || relation.needs.some((need) => problems[need] !== undefined)) continue;
    if (!relation.holds(given)) problems[relation.field] = inFormTerms(relation.field, heard(relation.fails(given)));
  }
  return problems;
}

/** An old site's article as the WordPress import publishes it: its title at any length a page can show (ARCHIVE_FIELDS). */
export const archiveFieldProblems = (fields: DraftFields) => fieldProblems(fields, ARCHIVE_FIELDS);

/**
 * The schema names a field by its key, as index.md's front matter writes it
 * (`o campo "titulo"`); the form names it by the label the journalist sees.
 */
function inFormTerms(name: FieldName, { message, fix }: FieldProblem): FieldProblem {
  const named = (text: string) =>
    text
      .replaceAll(`o campo "${name}"`, `"${labelOf(name)}"`)
      .replace(/"(\p{Ll}+)"/gu, (quote, key: string) =>
        FIELD_NAMES.includes(key as FieldName) ? `"${labelOf(key as FieldName)}"` : quote,
      );
  return { message: named(message), fix: named(fix) };
}
