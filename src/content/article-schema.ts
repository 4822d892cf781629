import * as v from 'valibot';
import { DEFAULT_AUTHOR_SLUG } from './authors';
import { dateRule } from './date-rule';
import { describeValue, type FieldSpec, plainText, quoted, type Relation, requiredText, said } from './field-rules';
import { isValidSlug } from './format';
import { isThemeSlug, THEME_LIST, type ThemeSlug } from './themes';

/**
 * The article's fields, the one description of them: what `article.json`
 * holds (README, "For editors"), what a stored list entry carries beside its
 * slug, image and body path (news-item.ts), and what the editor is told when a
 * field is wrong. The editors' check applies every rule and reports every
 * failure (scripts/content/check-fields.ts); the worker applies them as it
 * reads an entry from KV, leniently: a bad optional field is left out and
 * logged, the article still shows (read-fields.ts). The order is the order of
 * the check's messages and of the stored item's optional fields.
 *
 * A new field is one entry here (and the page that shows it).
 */

/** Length limits, in characters, trimmed. Titles: search results show about 60 characters; cards wrap to three lines at ~90. */
export const TITLE_CHARS = { min: 20, max: 90 } as const;
/** Under the title on the article page only, so it may say more than the title. */
export const SUBTITLE_CHARS = { min: 10, max: 160 } as const;
/** Search snippets are cut near 160 characters; cards show about 150. */
export const DESCRIPTION_CHARS = { min: 50, max: 160 } as const;
export const ALT_CHARS = { min: 10, max: 150 } as const;
export const CREDIT_CHARS = { min: 3, max: 100 } as const;
export const CORRECTION_CHARS = { min: 20, max: 400 } as const;

export const ALT_EXAMPLE = '"Sala pequena com sofá, espelho redondo e prateleiras na parede"';
export const CORRECTION_EXAMPLE = '"A taxa de juros citada era de 9,5% ao ano, e não de 5,9%."';
const CUT = 'shorten it: it is cut in cards and search results';
const THEME_SLUGS = THEME_LIST.map((theme) => theme.slug);
const THEMES_FIX = `write a list of one or more of: ${THEME_SLUGS.join(', ')}; e.g. "temas": ["decoracao", "arquitetura"]`;

/** A theme as an editor may have written it ("Decoração", "#MercadoImobiliario"), as the slug it most likely means. */
function themeMeant(value: unknown): ThemeSlug | undefined {
  if (typeof value !== 'string') return undefined;
  const plain = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^#/, '')
    .replace(/[\s_]+/g, '-');
  return THEME_SLUGS.find((slug) => slug === plain || slug.replace(/-/g, '') === plain.replace(/-/g, ''));
}

/** An `autor` that is not text, or not a slug (whether the registry has it is the check's to say: scripts/content/check-fields.ts). */
const notAuthorSlug = (issue: { input: unknown }) =>
  said(
    `"autor" is ${describeValue(issue.input)}, not an author's slug`,
    `write the slug of a file in content/autores/, e.g. "autor": "${DEFAULT_AUTHOR_SLUG}"`,
  );

export const ARTICLE_FIELDS = {
  /** The title, on cards, the page's `<h1>`, search results and link previews. */
  titulo: {
    ...requiredText('titulo', TITLE_CHARS, {
      example: '"…"',
      tooLong: CUT,
      missing: said('"titulo" is missing or empty', 'add "titulo": "…" to article.json'),
    }),
    aliases: ['title'],
  },
  /** A line under the title on the article page (not on cards, not in the page's description). */
  subtitulo: {
    ...plainText('subtitulo', SUBTITLE_CHARS, { example: '"Sistemas industrializados encurtam a obra e reduzem o carbono"' }),
    aliases: ['subtitle', 'linha fina', 'sutia'],
  },
  /** The summary on cards, in search results and in the page's description. */
  descricao: {
    ...requiredText('descricao', DESCRIPTION_CHARS, {
      example: '"…"',
      tooLong: CUT,
      missing: said('"descricao" is missing or empty', 'add "descricao": "…" to article.json'),
    }),
    aliases: ['description'],
  },
  /** The publication day, or day and São Paulo time; in the future, the article is scheduled. */
  data: {
    rule: dateRule('data'),
    required: said('"data" is missing', 'add "data": "YYYY-MM-DD" with the publication date, e.g. "2025-04-28"'),
  },
  /** What the image shows, for readers who cannot see it; the title stands in when absent. */
  alt: { ...plainText('alt', ALT_CHARS, { example: ALT_EXAMPLE }), aliases: ['alttext', 'texto alternativo'] },
  /** Who made the image: "Imagem: <credito>" under it ("Imagem: Reprodução/Internet" when absent). */
  credito: { ...plainText('credito', CREDIT_CHARS, { example: '"Foto: Ana Lima/Folhapress"' }), aliases: ['credito da imagem', 'fonte'] },
  /** When the article was last corrected: a day, or a day and São Paulo time, not before `data`. */
  atualizado: { rule: dateRule('atualizado'), aliases: ['updated', 'atualizacao', 'data de atualizacao', 'modificado'] },
  /** What the correction of `atualizado` changed, shown under the text; only with `atualizado`. */
  correcao: {
    ...plainText('correcao', CORRECTION_CHARS, { example: CORRECTION_EXAMPLE, paragraph: true }),
    aliases: ['correction', 'correcoes', 'nota de correcao', 'errata'],
  },
  /** `true` marks the article for the home page's featured block; false is as if absent. */
  destaque: {
    rule: v.pipe(
      v.boolean((issue) =>
        issue.input === 'true' || issue.input === 'false'
          ? said(`"destaque" is the text "${issue.input}", in quotes`, `write ${issue.input} without quotes: "destaque": ${issue.input}`)
          : said(
              `"destaque" is ${describeValue(issue.input)}; it is true or false`,
              'write "destaque": true to feature the article on the home page, or remove the field',
            ),
      ),
      v.transform((marked) => (marked ? (true as const) : undefined)),
    ),
    aliases: ['featured', 'destacado'],
  },
  /** The slug of the author in the registry (authors.ts); the site's editor when absent. */
  autor: {
    rule: v.pipe(v.string(notAuthorSlug), v.check(isValidSlug, notAuthorSlug)),
    aliases: ['autores'],
  },
  /** The themes the article belongs to (themes.ts), each once. */
  temas: {
    rule: v.pipe(
      v.array(v.unknown(), (issue) =>
        typeof issue.input === 'string'
          ? said(`"temas" is the text ${quoted(issue.input)}, not a list`, `put it in brackets: "temas": [${quoted(issue.input)}]`)
          : said(`"temas" is ${describeValue(issue.input)}, not a list of themes`, THEMES_FIX),
      ),
      v.check((list) => list.length > 0, said('"temas" is a list [ … ], not a list of themes', THEMES_FIX)),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const seen = new Set<unknown>();
        for (const theme of dataset.value) {
          if (seen.has(theme)) addIssue({ message: said(`"temas" lists ${describeValue(theme)} twice`, 'list each theme once') });
          seen.add(theme);
          if (isThemeSlug(theme)) continue;
          const near = themeMeant(theme);
          addIssue({
            message: said(`"temas" has ${describeValue(theme)}, which is not one of the six themes`, near ? `write "${near}"` : THEMES_FIX),
          });
        }
      }),
      v.transform((list) => list as ThemeSlug[]),
    ),
    aliases: ['themes', 'tags', 'categorias', 'hashtags'],
  },
} satisfies Record<string, FieldSpec>;

/** Rules between fields, in the order they are checked: a correction comes after the publication, and a note needs its date. */
export const ARTICLE_RELATIONS: readonly Relation<ArticleFields>[] = [
  {
    field: 'atualizado',
    needs: ['data'],
    holds: ({ atualizado = '', data = '' }) => atualizado.slice(0, 10) >= data.slice(0, 10),
    fails: ({ atualizado, data }) =>
      said(
        `"atualizado" ${atualizado} is before "data" ${data}`,
        'a correction comes after the publication: check both dates ("atualizado" is the day of the correction)',
      ),
  },
  {
    field: 'correcao',
    needs: ['atualizado'],
    holds: ({ atualizado }) => atualizado !== undefined,
    fails: () =>
      said(
        '"correcao" has no "atualizado": the note says when the article was corrected',
        'add "atualizado": "YYYY-MM-DD" (the day of the correction), or remove "correcao"',
      ),
  },
];

type Specs = typeof ARTICLE_FIELDS;
type ValueOf<K extends keyof Specs> = NonNullable<v.InferOutput<Specs[K]['rule']>>;
type RequiredField = { [K in keyof Specs]: Specs[K] extends { required: string } ? K : never }[keyof Specs];

/** The article's fields as stored: the required ones, and each optional one only when given and valid. */
export type ArticleFields = { [K in RequiredField]: ValueOf<K> } & { [K in Exclude<keyof Specs, RequiredField>]?: ValueOf<K> };
