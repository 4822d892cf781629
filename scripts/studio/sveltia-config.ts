import { IMAGE_FIELD, MARKDOWN_FILE } from '../../src/checking/markdown-article.ts';
import { ARTICLE_FIELDS } from '../../src/content/article-schema.ts';
import { AUTHOR_FIELDS } from '../../src/content/author-schema.ts';
import type { FieldSpec } from '../../src/content/field-rules.ts';
import { THEME_LIST } from '../../src/content/themes.ts';
import { FIGURE_FOLDER } from '../../src/publishing/figure-files.ts';
import { AUTHORS_FOLDER } from '../content/article-folder.ts';

/**
 * The studio's Sveltia CMS configuration, generated from the one schema
 * (src/content/article-schema.ts, author-schema.ts): every field of the
 * schema is a field of the form, in the schema's order, with its rule's
 * limits (minlength/maxlength from `limits`), required when the schema
 * requires it, and the pt-BR label and hint of STUDIO_LABELS. A field added
 * to the schema shows in the form even before it has a label here (as a
 * line of text named by its key); test/node/studio/sveltia-config.test.ts
 * fails until it has one, and checks each limit against the schema's rule.
 */

/** The collection names, as Sveltia's addresses use them (#/collections/artigos/entries/<slug>). */
export const ARTICLES_COLLECTION = 'artigos';
export const AUTHORS_COLLECTION = 'autores';
/** The Markdown body: Sveltia's name for the text after the front matter. */
export const BODY_FIELD = 'body';

/** A Sveltia field, as its configuration writes it (the options this studio uses). */
export type SveltiaField = Record<string, unknown> & { name: string; label: string; widget: string };

/** What the form says about a field, in pt-BR: its label, its hint, and for a field that is not text its widget. */
interface StudioLabel {
  label: string;
  hint: string;
  widget?: (name: string, spec: FieldSpec) => Partial<SveltiaField>;
}

/**
 * Dates: the schema accepts a day or a day and São Paulo time
 * (src/content/date-rule.ts); the form always writes both, in that time zone,
 * whatever the laptop's.
 */
const dateTime = (): Partial<SveltiaField> => ({
  widget: 'datetime',
  format: 'YYYY-MM-DDTHH:mm',
  input_timezone: 'America/Sao_Paulo',
});

/** Labels and hints of the article's fields; the keys must be the schema's (the test says which is missing). */
export const ARTICLE_LABELS: Record<string, StudioLabel> = {
  titulo: { label: 'Título', hint: 'Aparece nos cards, no topo da página, nos resultados de busca e nas prévias de link.' },
  subtitulo: { label: 'Subtítulo (linha fina)', hint: 'Opcional: uma linha sob o título, só na página do artigo.' },
  descricao: { label: 'Resumo', hint: 'Aparece nos cards, nos resultados de busca e na descrição da página.' },
  data: {
    label: 'Data de publicação',
    hint: 'Horário de Brasília. Uma data no futuro agenda o artigo: ele só aparece no site a partir dela.',
    widget: dateTime,
  },
  alt: {
    label: 'Texto alternativo da imagem',
    hint: 'O que a imagem mostra, para quem não pode vê-la. Obrigatório em artigo novo.',
  },
  credito: { label: 'Crédito da imagem', hint: 'P. ex. "Foto: Ana Lima/Folhapress". Sem crédito, o site mostra "Reprodução/Internet".' },
  atualizado: {
    label: 'Atualizado em',
    hint: 'Só em correções: o dia e a hora da correção (horário de Brasília), nunca antes da data de publicação.',
    widget: dateTime,
  },
  correcao: {
    label: 'Nota de correção',
    hint: 'O que a correção mudou; aparece sob o texto. Preencha também "Atualizado em".',
  },
  destaque: {
    label: 'Destaque na página inicial',
    hint: 'Ligado, o artigo entra no bloco de destaques da página inicial.',
    widget: () => ({ widget: 'boolean', default: false }),
  },
  autor: {
    label: 'Autor',
    hint: 'Quem assina. Sem autor, o artigo é assinado pela editora do site.',
    widget: () => ({
      widget: 'relation',
      collection: AUTHORS_COLLECTION,
      value_field: '{{slug}}',
      search_fields: ['nome'],
      display_fields: ['nome'],
    }),
  },
  temas: {
    label: 'Temas',
    hint: 'Um ou mais dos seis temas do site.',
    widget: () => ({
      widget: 'select',
      multiple: true,
      min: 1,
      max: THEME_LIST.length,
      options: THEME_LIST.map((theme) => ({ label: theme.name, value: theme.slug })),
    }),
  },
};

/** Labels and hints of an author's fields. */
export const AUTHOR_LABELS: Record<string, StudioLabel> = {
  nome: { label: 'Nome', hint: 'Como a assinatura mostra: "Por <nome>".' },
  cargo: { label: 'Cargo', hint: 'Sob o nome, p. ex. "Repórter de mercado imobiliário".' },
  bio: { label: 'Biografia', hint: 'Texto simples, para a página do autor.' },
  foto: {
    label: 'Foto',
    hint: 'Quadrada, JPEG, PNG, WebP ou AVIF. Sem foto, o site mostra as iniciais.',
    widget: () => ({ widget: 'image', media_folder: '', public_folder: '', choose_url: false }),
  },
};

/** "De 20 a 90 caracteres." */
const limitsHint = ({ min, max }: { min: number; max: number }) => `De ${min} a ${max} caracteres.`;

/** One schema field as a form field: its widget (text by default), its limits, whether it is required, its label and hint. */
export function formField(name: string, spec: FieldSpec, labels: Record<string, StudioLabel>): SveltiaField {
  const known = labels[name];
  const base: SveltiaField = {
    name,
    label: known?.label ?? name,
    widget: spec.text === 'paragraph' ? 'text' : 'string',
    required: spec.required !== undefined,
  };
  const hint = [known?.hint, spec.limits ? limitsHint(spec.limits) : ''].filter(Boolean).join(' ');
  if (hint) base.hint = hint;
  if (spec.limits) {
    base.minlength = spec.limits.min;
    base.maxlength = spec.limits.max;
  }
  return { ...base, ...known?.widget?.(name, spec) };
}

/** The main image: a file beside index.md (not a field of the schema: markdown-article.ts reads it). */
const imageField = (): SveltiaField => ({
  name: IMAGE_FIELD,
  label: 'Imagem principal',
  widget: 'image',
  required: true,
  hint: 'JPEG, PNG, WebP ou AVIF, na proporção 16:9, com pelo menos 1200×675 px. Fica salva na pasta do artigo.',
  // Beside index.md, named as a file of the folder ("foto.webp"), as markdown-article.ts reads it.
  media_folder: '',
  public_folder: '',
  choose_url: false,
  accept: 'image/jpeg,image/png,image/webp,image/avif',
});

const bodyField = (): SveltiaField => ({
  name: BODY_FIELD,
  label: 'Texto',
  widget: 'markdown',
  required: true,
  hint: 'Intertítulos, listas, citações, tabelas e links. Uma imagem sozinha num parágrafo vira uma figura com legenda (o título da imagem); um endereço do YouTube sozinho numa linha vira o vídeo.',
});

/** The article's fields in the schema's order, the main image after `descricao` (where the samples have it), the text last. */
export function articleFields(): SveltiaField[] {
  const fields = Object.entries(ARTICLE_FIELDS as Record<string, FieldSpec>).map(([name, spec]) => formField(name, spec, ARTICLE_LABELS));
  const at = fields.findIndex((field) => field.name === 'data') + 1;
  fields.splice(at, 0, imageField());
  return [...fields, bodyField()];
}

export const authorFields = (): SveltiaField[] =>
  Object.entries(AUTHOR_FIELDS as Record<string, FieldSpec>).map(([name, spec]) => formField(name, spec, AUTHOR_LABELS));

/**
 * The whole configuration. `contentDir` is the content folder relative to
 * the repository root the editor picks (Sveltia's local mode reads and writes
 * that folder through the browser's File System Access API).
 */
export function sveltiaConfig({ contentDir = 'content', siteUrl }: { contentDir?: string; siteUrl?: string } = {}) {
  const [, file] = /^(.*)\.md$/.exec(MARKDOWN_FILE) ?? [];
  return {
    // Sveltia's local mode ("Trabalhar com Repositório Local") needs a Git backend named; nothing is ever sent to it.
    backend: { name: 'github', repo: 'redacao/portal-imoveis', branch: 'main', auth_methods: ['token'] },
    app_title: 'Estúdio da redação',
    ...(siteUrl ? { site_url: siteUrl, display_url: siteUrl } : {}),
    // Global media: unused by these collections (each has its own folder), but Sveltia requires one.
    media_folder: `${contentDir}/${FIGURE_FOLDER}`,
    media_libraries: {
      default: {
        config: {
          // File names as the check accepts them: lowercase, no spaces or accents ("Foto Sala (1).JPG" → "foto-sala-1.webp").
          slugify_filename: true,
          // Photos from a camera are re-encoded as WebP within 2400 px, under the 1 MB the check allows.
          transformations: { raster_image: { format: 'webp', quality: 80, width: 2400, height: 2400 } },
        },
      },
    },
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-', maxlength: 80 },
    // An optional field left empty is not written: an empty "subtitulo" would fail the check.
    output: { omit_empty_optional_fields: true },
    collections: [
      {
        name: ARTICLES_COLLECTION,
        label: 'Artigos',
        label_singular: 'Artigo',
        description: 'Cada artigo é uma pasta de content/: o index.md e as imagens ao lado dele.',
        folder: contentDir,
        path: `{{slug}}/${file}`,
        extension: 'md',
        format: 'yaml-frontmatter',
        create: true,
        identifier_field: 'titulo',
        slug: '{{titulo}}',
        summary: '{{titulo}}',
        sortable_fields: { fields: ['titulo', 'data'], default: { field: 'data', direction: 'descending' } },
        // Body images go to the article's imagens/ folder, as the check and publish read them (check-figures.ts).
        media_folder: FIGURE_FOLDER,
        public_folder: FIGURE_FOLDER,
        fields: articleFields(),
      },
      {
        name: AUTHORS_COLLECTION,
        label: 'Autores',
        label_singular: 'Autor',
        description: 'O cadastro de autores: um arquivo JSON por autor em content/autores/, com a foto ao lado.',
        folder: `${contentDir}/${AUTHORS_FOLDER}`,
        extension: 'json',
        format: 'json',
        create: true,
        identifier_field: 'nome',
        slug: '{{nome}}',
        summary: '{{nome}}',
        media_folder: '',
        public_folder: '',
        fields: authorFields(),
      },
    ],
  };
}
