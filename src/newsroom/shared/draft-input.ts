import { MAX_BODY_BYTES } from '#src/content/body/html-policy.ts';
import { ARTICLE_FIELDS } from '#src/content/schema/article-schema.ts';
import { IMAGE_FIELD, isStoredImage } from './media-names';
import { FORM } from './names';
import { widgetOf } from './widgets';

/**
 * A draft as the edit form sends it, read into what the store keeps. One
 * reader for every way a save arrives: the form posted without JavaScript,
 * and the autosave, which posts the same form's fields
 * (client/newsroom/autosave.ts); the browser also runs it, to check as the journalist types. A draft is work in progress, so only its
 * shape is checked here (names, types, sizes); whether its fields would pass
 * the article schema is said to the journalist (field-check.ts), never enforced.
 */

/** The schema's field names, in its order: the form's fields. */
export type FieldName = keyof typeof ARTICLE_FIELDS;
export const FIELD_NAMES = Object.keys(ARTICLE_FIELDS) as FieldName[];

/**
 * A draft's fields: texts as typed, `destaque` when ticked, `temas` when any,
 * and the main image's stored name once one is uploaded (an article folder
 * has a file for it, not a field). Blank fields are left out.
 */
export type DraftFields = Partial<Record<FieldName, string | true | string[]>> & { [IMAGE_FIELD]?: string };

export interface DraftContent {
  fields: DraftFields;
  /** The Markdown body. */
  body: string;
}

/** Far above any field's limit (the longest, a correction, is 400 characters): a value past it is not a draft. */
const MAX_FIELD_CHARS = 5_000;
const MAX_LIST_ITEMS = 20;

export type DraftInput = { ok: true; content: DraftContent; version: number } | { ok: false; problem: string };

const refuse = (problem: string): DraftInput => ({ ok: false, problem });

/** The draft a form posted, with the version it started from, or what makes it unreadable (pt-BR, in the form's terms). */
export function draftFromForm(form: URLSearchParams): DraftInput {
  const version = Number(form.get(FORM.version));
  if (!Number.isSafeInteger(version) || version < 1)
    return refuse('a versão do rascunho (o campo "versao" do formulário) falta ou não é um número');
  const body = (form.get(FORM.body) ?? '').replace(/\r\n?/g, '\n');
  if (new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES) {
    return refuse(`o texto passa de ${MAX_BODY_BYTES / 1024} KB: divida o artigo ou encurte o texto`);
  }
  const fields: DraftFields = {};
  for (const name of FIELD_NAMES) {
    const values = form.getAll(name);
    if (values.some((value) => value.length > MAX_FIELD_CHARS)) return refuse(`o campo "${name}" passa de ${MAX_FIELD_CHARS} caracteres`);
    const widget = widgetOf(name);
    if (widget === 'flag') {
      if (values.length > 0) fields[name] = true;
    } else if (widget === 'themes') {
      if (values.length > MAX_LIST_ITEMS) return refuse(`o campo "${name}" tem mais de ${MAX_LIST_ITEMS} itens`);
      if (values.length > 0) fields[name] = values;
    } else {
      if (values.length > 1) return refuse(`o campo "${name}" veio ${values.length} vezes`);
      const value = values[0]?.replace(/\r\n?/g, '\n') ?? '';
      if (value.trim() !== '') fields[name] = value;
    }
  }
  const image = form.getAll(IMAGE_FIELD);
  if (image.length > 1 || (image[0] !== undefined && image[0] !== '' && !isStoredImage(image[0])))
    return refuse('a imagem principal não é uma das enviadas à redação: envie-a de novo');
  if (image[0]) fields[IMAGE_FIELD] = image[0];
  return { ok: true, content: { fields, body }, version };
}

/** A draft's fields as stored (JSON in D1), read back; anything else than the shape above is dropped. */
export function storedFields(json: string): DraftFields {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const fields: DraftFields = {};
  for (const name of FIELD_NAMES) {
    const value = (raw as Record<string, unknown>)[name];
    if (value === true || typeof value === 'string') fields[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) fields[name] = value;
  }
  const image = (raw as Record<string, unknown>)[IMAGE_FIELD];
  if (typeof image === 'string' && isStoredImage(image)) fields[IMAGE_FIELD] = image;
  return fields;
}
