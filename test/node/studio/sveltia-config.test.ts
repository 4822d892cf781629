import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ARTICLE_LABELS,
  AUTHOR_LABELS,
  AUTHORS_COLLECTION,
  articleFields,
  authorFields,
  BODY_FIELD,
  formField,
  type SveltiaField,
  sveltiaConfig,
} from '../../../scripts/studio/sveltia-config.ts';
import { IMAGE_FIELD } from '../../../src/checking/markdown-article.ts';
import { ARTICLE_FIELDS } from '../../../src/content/article-schema.ts';
import { AUTHOR_FIELDS } from '../../../src/content/author-schema.ts';
import type { FieldSpec } from '../../../src/content/field-rules.ts';
import { THEME_LIST } from '../../../src/content/themes.ts';

/**
 * The studio's form is generated from the one schema: these tests fail when
 * a field of the schema has no pt-BR label in the studio, or when a limit the
 * form states is not the one the schema's rule enforces.
 */

const accepts = (spec: FieldSpec, value: unknown) => v.safeParse(spec.rule, value).success;
const byName = (fields: SveltiaField[]) => new Map(fields.map((field) => [field.name, field]));

describe.each([
  ['article', ARTICLE_FIELDS as Record<string, FieldSpec>, ARTICLE_LABELS, articleFields()],
  ['author', AUTHOR_FIELDS as Record<string, FieldSpec>, AUTHOR_LABELS, authorFields()],
] as const)('the %s form', (_, schema, labels, fields) => {
  const form = byName(fields);

  it('has every field of the schema, each with its pt-BR label and hint', () => {
    for (const name of Object.keys(schema)) {
      expect(form.has(name), `${name} is not in the studio's form`).toBe(true);
      expect(labels[name], `${name} has no label in scripts/studio/sveltia-config.ts`).toBeDefined();
      expect(form.get(name)!.label).toBe(labels[name]!.label);
      expect(String(form.get(name)!.hint)).toContain(labels[name]!.hint);
    }
    // No label left for a field the schema dropped.
    for (const name of Object.keys(labels)) expect(Object.keys(schema)).toContain(name);
  });

  it('requires what the schema requires, and nothing else', () => {
    for (const [name, spec] of Object.entries(schema)) expect(form.get(name)!.required, name).toBe(spec.required !== undefined);
  });

  it("states each text's limits as the schema's rule enforces them", () => {
    const texts = Object.entries(schema).filter(([, spec]) => spec.text !== undefined);
    expect(texts.length).toBeGreaterThan(0);
    for (const [name, spec] of texts) {
      const field = form.get(name)!;
      const min = field.minlength as number;
      const max = field.maxlength as number;
      expect(field.widget, name).toBe(spec.text === 'paragraph' ? 'text' : 'string');
      expect(accepts(spec, 'a'.repeat(min)), `${name}: ${min} characters`).toBe(true);
      expect(accepts(spec, 'a'.repeat(max)), `${name}: ${max} characters`).toBe(true);
      expect(accepts(spec, 'a'.repeat(min - 1)), `${name}: ${min - 1} characters`).toBe(false);
      expect(accepts(spec, 'a'.repeat(max + 1)), `${name}: ${max + 1} characters`).toBe(false);
      expect(String(field.hint)).toContain(`De ${min} a ${max} caracteres.`);
    }
  });
});

describe('the article form', () => {
  const form = byName(articleFields());

  it('offers the six themes, each a value the schema accepts, as a multiple choice', () => {
    const temas = form.get('temas')!;
    expect(temas).toMatchObject({ widget: 'select', multiple: true, min: 1, max: 6 });
    const values = (temas.options as { value: string }[]).map((option) => option.value);
    expect(values).toEqual(THEME_LIST.map((theme) => theme.slug));
    expect(accepts(ARTICLE_FIELDS.temas, values)).toBe(true);
    expect(accepts(ARTICLE_FIELDS.temas, [])).toBe(false);
  });

  it('writes dates in a form the schema accepts, in São Paulo time', () => {
    for (const name of ['data', 'atualizado'] as const) {
      const field = form.get(name)!;
      expect(field).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DDTHH:mm', input_timezone: 'America/Sao_Paulo' });
      expect(accepts(ARTICLE_FIELDS[name], '2026-11-25T08:00')).toBe(true);
    }
  });

  it('chooses the author among the registry, and saves the main image and body images in the article folder', () => {
    expect(form.get('autor')).toMatchObject({ widget: 'relation', collection: AUTHORS_COLLECTION, value_field: '{{slug}}' });
    expect(form.get(IMAGE_FIELD)).toMatchObject({ widget: 'image', required: true, media_folder: '', public_folder: '' });
    expect(form.get(BODY_FIELD)).toMatchObject({ widget: 'markdown', required: true });
    const [articles, authors] = sveltiaConfig().collections;
    expect(articles).toMatchObject({ folder: 'content', path: '{{slug}}/index', extension: 'md', media_folder: 'imagens' });
    expect(authors).toMatchObject({ folder: 'content/autores', extension: 'json', format: 'json', media_folder: '' });
  });

  it('shows a field added to the schema, named by its key until it has a label', () => {
    const added = formField('novo', { rule: v.string(), text: 'line', limits: { min: 2, max: 9 } }, ARTICLE_LABELS);
    expect(added).toMatchObject({ name: 'novo', label: 'novo', widget: 'string', required: false, minlength: 2, maxlength: 9 });
  });
});
