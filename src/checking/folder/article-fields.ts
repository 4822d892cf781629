import * as v from 'valibot';
import {
  ALT_CHARS,
  ALT_EXAMPLE,
  ARCHIVE_FIELDS,
  ARTICLE_FIELDS,
  ARTICLE_RELATIONS,
  type ArticleFields,
  CORRECTION_CHARS,
  CORRECTION_EXAMPLE,
} from '#src/content/schema/article-schema.ts';
import { DEFAULT_AUTHOR_SLUG } from '#src/content/schema/authors.ts';
import { FIRST_FAILURE, type FieldSpec, heard, isAbsent, type Relation } from '#src/content/schema/field-rules.ts';
import { parseUpdated, siteInstantOf } from '#src/content/schema/updated.ts';
import { isScheduled, scheduledFor } from '#src/publishing/plan/scheduled.ts';
import { error, note, type Problem, warning } from '../problems';
import { AUTHORS_FOLDER } from './folder-layout';

/**
 * The editors' check of the fields a schema describes (src/content/schema/
 * article-schema.ts, author-schema.ts), strictly: every failure of every
 * field is a problem naming the file, the field, what is wrong and the fix,
 * in the schema's words. The worker reads the same fields with the same rules
 * (src/content/schema/read-fields.ts), leniently.
 */

/** A failure the schema said ({@link said}), as a problem of `file`. */
const problemOf = (make: typeof error, file: string, field: string, text: string) => {
  const { message, fix } = heard(text);
  return make(file, field, message, fix);
};

/** The fields that passed, as the rules give them (`destaque: false` is `undefined`), and every problem. */
export interface CheckedFields<T> {
  problems: Problem[];
  valid: Partial<T>;
}

/**
 * Checks each field a schema describes and the rules between them: a missing
 * required field, each failure of a rule, then advice (warnings) for a field
 * that passed. `skip` are fields reported otherwise (a key spelt another way).
 */
export function checkFields<T>(
  specs: Record<string, FieldSpec>,
  relations: readonly Relation<T>[],
  given: Record<string, unknown>,
  file: string,
  skip: ReadonlySet<string> = new Set(),
): CheckedFields<T> {
  const problems: Problem[] = [];
  const valid: Record<string, unknown> = {};
  const invalid = new Set<string>();
  for (const field in specs) {
    const spec = specs[field]!;
    const value = given[field];
    if (skip.has(field) || spec.file) continue;
    if (isAbsent(spec, value)) {
      if (spec.required !== undefined) problems.push(problemOf(error, file, field, spec.required));
      continue;
    }
    const result = v.safeParse(spec.rule, value, FIRST_FAILURE);
    if (!result.success) {
      invalid.add(field);
      for (const issue of result.issues) problems.push(problemOf(error, file, field, issue.message));
      continue;
    }
    valid[field] = result.output;
    const advice = spec.advice && v.safeParse(spec.advice, value, FIRST_FAILURE);
    if (advice && !advice.success) problems.push(problemOf(warning, file, field, advice.issues[0].message));
  }
  const fields = valid as Partial<T>;
  for (const relation of relations) {
    if (fields[relation.field] === undefined || relation.needs.some((need) => invalid.has(need))) continue;
    if (relation.holds(fields)) continue;
    problems.push(problemOf(error, file, relation.field, relation.fails(fields)));
    invalid.add(relation.field);
    delete fields[relation.field];
  }
  return { problems, valid: fields };
}

/** The fields as published: in the schema's order, texts trimmed, only those given (`destaque` only when true). */
export function storedFields<T>(specs: Record<string, FieldSpec>, valid: Partial<T>): Partial<T> {
  const stored: Record<string, unknown> = {};
  for (const field in specs) {
    const value = (valid as Record<string, unknown>)[field];
    if (value !== undefined) stored[field] = typeof value === 'string' && specs[field]!.text ? value.trim() : value;
  }
  return stored as Partial<T>;
}

/** What the check knows beside the file: the day, whether the article is already live, and the authors it may name. */
export interface ArticleContext {
  today: Date;
  /** Already live (or bundled): a missing `alt` is then a warning, not an error. */
  published: boolean;
  /** The authors `autor` may name: the registry beside the folder and the live one. */
  authors: ReadonlySet<string>;
  /** Keys spelt another way, reported as such. */
  misspelt: ReadonlySet<string>;
  /** An old site's article, imported: its rules are ARCHIVE_FIELDS' (decision 049). */
  archive?: boolean;
}

const FIELD_ORDER = Object.keys(ARTICLE_FIELDS);

/**
 * Every field of index.md's front matter: the schema's rules, then what only the check
 * can say, knowing the day, the live articles and the registry: `alt`, which a
 * new article needs; a date to come; a correction without its note; an
 * author that is nowhere. In the order of the fields.
 */
export function checkArticleFields(meta: Record<string, unknown>, file: string, context: ArticleContext) {
  const { today, published, authors, misspelt } = context;
  const altMissing = !misspelt.has('alt') && (meta.alt === undefined || (typeof meta.alt === 'string' && meta.alt.trim() === ''));
  const skip = altMissing ? new Set([...misspelt, 'alt']) : misspelt;
  const specs = context.archive ? ARCHIVE_FIELDS : ARTICLE_FIELDS;
  const { problems, valid } = checkFields<ArticleFields>(specs, ARTICLE_RELATIONS, meta, file, skip);
  if (valid.data !== undefined) problems.push(...scheduledNote(valid.data, file, today));
  if (altMissing) problems.push(altMissingProblem(meta.alt === undefined ? 'missing' : 'empty', file, published));
  else if (valid.alt !== undefined && valid.alt === meta.titulo) {
    problems.push(
      warning(file, 'alt', '"alt" repete o título', 'diga o que a imagem mostra (pessoas, lugares, objetos), e não do que trata o artigo'),
    );
  }
  if (valid.atualizado !== undefined) {
    const updated = parseUpdated(valid.atualizado)!;
    if ((updated.time ? siteInstantOf(valid.atualizado)! : updated.day.getTime()) > today.getTime()) {
      problems.push(
        warning(
          file,
          'atualizado',
          `"atualizado" ${valid.atualizado} está no futuro`,
          'confira a data: ela aparece no site como "Atualizado em …"',
        ),
      );
    }
  }
  if (meta.correcao === undefined && meta.atualizado !== undefined) {
    problems.push(
      warning(
        file,
        'correcao',
        'há "atualizado", mas não "correcao": o leitor vê que o artigo foi corrigido, mas não o que mudou',
        `numa correção, acrescente "correcao": ${CORRECTION_EXAMPLE} (de ${CORRECTION_CHARS.min} a ${CORRECTION_CHARS.max} caracteres)`,
      ),
    );
  }
  if (valid.autor !== undefined && valid.autor !== DEFAULT_AUTHOR_SLUG && !authors.has(valid.autor)) {
    const list = [...authors].sort().slice(0, 12).join(', ') || DEFAULT_AUTHOR_SLUG;
    problems.push(
      error(
        file,
        'autor',
        `"autor" "${valid.autor}" não está no cadastro de autores`,
        `crie content/${AUTHORS_FOLDER}/${valid.autor}.json (nome, cargo, bio), ou use um destes: ${list}`,
      ),
    );
  }
  const rank = (problem: Problem) => FIELD_ORDER.indexOf(problem.field);
  return { problems: problems.sort((a, b) => rank(a) - rank(b)), fields: storedFields(ARTICLE_FIELDS, valid) };
}

/**
 * `alt`, what the image shows, missing or blank: an error for a new article,
 * a warning for one already published (or bundled) without it, whose image
 * the title goes on describing.
 */
function altMissingProblem(missing: 'missing' | 'empty', file: string, published: boolean): Problem {
  const { min, max } = ALT_CHARS;
  const what = missing === 'missing' ? 'falta "alt"' : '"alt" está vazio';
  return published
    ? warning(
        file,
        'alt',
        `${what}: o título descreve a imagem`,
        `acrescente "alt": "…" dizendo o que a imagem mostra (de ${min} a ${max} caracteres); artigos novos precisam dele`,
      )
    : error(
        file,
        'alt',
        `${what}: um artigo novo diz o que a imagem mostra, para quem não pode vê-la`,
        `acrescente "alt" ao cabeçalho do index.md: o que a imagem mostra, de ${min} a ${max} caracteres, por exemplo "alt": ${ALT_EXAMPLE}`,
      );
}

/** A valid `data` still to come is a note: the article is published now and shown from then on. */
function scheduledNote(data: string, file: string, today: Date): Problem[] {
  if (!isScheduled(data, today.getTime())) return [];
  return [
    note(
      file,
      'data',
      `agendado para ${scheduledFor(data)}`,
      'ele é publicado agora, mas não aparece em lugar nenhum (página inicial, feed, sitemap, o próprio endereço) até lá (horário de Brasília); confira a data se ele deveria aparecer já',
    ),
  ];
}
