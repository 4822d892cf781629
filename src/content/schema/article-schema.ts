import * as v from 'valibot';
import { DEFAULT_AUTHOR_SLUG } from './authors';
import { dateRule } from './date-rule';
import { describeValue, type FieldSpec, plainText, quoted, type Relation, requiredText, said } from './field-rules';
import { isValidSlug } from './format';
import { isThemeSlug, THEME_LIST, type ThemeSlug } from './themes';

/**
 * The article's fields, the one description of them: what the front matter
 * of `index.md` holds (docs/content-and-publishing.md, "The article schema"), what a stored list entry carries beside its
 * slug, image and body path (news-item.ts), and what the editor is told when a
 * field is wrong. The editors' check applies every rule and reports every
 * failure (src/checking/folder/article-fields.ts); the worker applies them as it
 * reads an entry from KV, leniently: a bad optional field is left out and
 * logged, the article still shows (read-fields.ts). The order is the order of
 * the check's messages and of the stored item's optional fields.
 *
 * A new field is one entry here (and the page that shows it).
 */

/** Length limits, in characters, trimmed. Titles: search results show about 60 characters; cards wrap to three lines at ~90. */
const TITLE_CHARS = { min: 20, max: 90 } as const;
/** Under the title on the article page only, so it may say more than the title. */
const SUBTITLE_CHARS = { min: 10, max: 160 } as const;
/** Search snippets are cut near 160 characters; cards show about 150. */
const DESCRIPTION_CHARS = { min: 50, max: 160 } as const;
/**
 * A share title and description (link previews: WhatsApp, Facebook, X), when the
 * editor writes ones other than the title and summary. Their limits are the
 * schema's; what previews show in full (about 60 and 155 characters) is
 * SHARE_RECOMMENDED, a counter in the form, never an error.
 */
const SHARE_TITLE_CHARS = { min: 10, max: 100 } as const;
const SHARE_DESCRIPTION_CHARS = { min: 30, max: 200 } as const;
export const SHARE_RECOMMENDED = { tituloSocial: 60, descricaoSocial: 155 } as const;
export const ALT_CHARS = { min: 10, max: 150 } as const;
const CREDIT_CHARS = { min: 3, max: 100 } as const;
export const CORRECTION_CHARS = { min: 20, max: 400 } as const;

export const ALT_EXAMPLE = '"Sala pequena com sofá, espelho redondo e prateleiras na parede"';
export const CORRECTION_EXAMPLE = '"A taxa de juros citada era de 9,5% ao ano, e não de 5,9%."';
const CUT = 'encurte o texto: ele é cortado nos cards e nos resultados de busca';
const THEME_SLUGS = THEME_LIST.map((theme) => theme.slug);
const THEMES_FIX = `escreva uma lista com um ou mais destes: ${THEME_SLUGS.join(', ')}; p. ex. "temas": ["decoracao", "arquitetura"]`;

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

/** An `autor` that is not text, or not a slug (whether the registry has it is the check's to say: src/checking/folder/article-fields.ts). */
const notAuthorSlug = (issue: { input: unknown }) =>
  said(
    `o campo "autor" é ${describeValue(issue.input)}, e não o slug de um autor`,
    `escreva o slug de um arquivo de content/autores/, p. ex. "autor": "${DEFAULT_AUTHOR_SLUG}"`,
  );

export const ARTICLE_FIELDS = {
  /** The title, on cards, the page's `<h1>`, search results and link previews. */
  titulo: {
    ...requiredText('titulo', TITLE_CHARS, {
      example: '"…"',
      tooLong: CUT,
      missing: said('falta o campo "titulo" (ou está vazio)', 'acrescente "titulo": "…" ao cabeçalho do index.md'),
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
      missing: said('falta o campo "descricao" (ou está vazio)', 'acrescente "descricao": "…" ao cabeçalho do index.md'),
    }),
    aliases: ['description'],
  },
  /** The publication day, or day and São Paulo time; in the future, the article is scheduled. */
  data: {
    rule: dateRule('data'),
    required: said('falta o campo "data"', 'acrescente "data": "AAAA-MM-DD" com a data de publicação, p. ex. "2025-04-28"'),
  },
  /** What the image shows, for readers who cannot see it; the title stands in when absent. */
  alt: { ...plainText('alt', ALT_CHARS, { example: ALT_EXAMPLE }), aliases: ['alttext', 'texto alternativo'] },
  /** Who made the image: "Imagem: <credito>" under it ("Imagem: Reprodução/Internet" when absent). */
  credito: { ...plainText('credito', CREDIT_CHARS, { example: '"Foto: Ana Lima/Folhapress"' }), aliases: ['credito da imagem', 'fonte'] },
  /** The title link previews show (`og:title`, `twitter:title`) instead of `titulo`, when given. */
  tituloSocial: {
    ...plainText('tituloSocial', SHARE_TITLE_CHARS, {
      example: '"Apartamento de 38 m² ganha espaço com marcenaria sob medida"',
      tooLong: 'encurte o texto: o WhatsApp mostra umas duas linhas do título',
    }),
    aliases: ['og:title', 'og title', 'titulo para compartilhar', 'titulo social', 'share title'],
  },
  /** The description link previews show (`og:description`, `twitter:description`) instead of `descricao`, when given. */
  descricaoSocial: {
    ...plainText('descricaoSocial', SHARE_DESCRIPTION_CHARS, {
      example: '"Marcenaria sob medida e cores claras fazem um apartamento pequeno parecer maior"',
      tooLong: 'encurte o texto: as prévias de link cortam a descrição em uma ou duas linhas',
    }),
    aliases: ['og:description', 'og description', 'descricao para compartilhar', 'descricao social', 'share description'],
  },
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
          ? said(
              `o campo "destaque" é o texto "${issue.input}", entre aspas`,
              `escreva ${issue.input} sem aspas: "destaque": ${issue.input}`,
            )
          : said(
              `o campo "destaque" é ${describeValue(issue.input)}; ele só aceita true ou false`,
              'escreva "destaque": true para destacar o artigo na página inicial, ou apague o campo',
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
          ? said(
              `o campo "temas" é o texto ${quoted(issue.input)}, e não uma lista`,
              `ponha entre colchetes: "temas": [${quoted(issue.input)}]`,
            )
          : said(`o campo "temas" é ${describeValue(issue.input)}, e não uma lista de temas`, THEMES_FIX),
      ),
      v.check((list) => list.length > 0, said('o campo "temas" é uma lista vazia [ ]', THEMES_FIX)),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const seen = new Set<unknown>();
        for (const theme of dataset.value) {
          if (seen.has(theme))
            addIssue({ message: said(`o campo "temas" traz ${describeValue(theme)} duas vezes`, 'escreva cada tema uma vez só') });
          seen.add(theme);
          if (isThemeSlug(theme)) continue;
          const near = themeMeant(theme);
          addIssue({
            message: said(
              `o campo "temas" tem ${describeValue(theme)}, que não é um dos seis temas`,
              near ? `escreva "${near}"` : THEMES_FIX,
            ),
          });
        }
      }),
      v.transform((list) => list as ThemeSlug[]),
    ),
    aliases: ['themes', 'tags', 'categorias', 'hashtags'],
  },
} satisfies Record<string, FieldSpec>;

/**
 * An old site's article as the WordPress import publishes it
 * (docs/decisions/049-archive-articles-as-they-were.md): every field's rule,
 * but a title and a summary at any length a page can show, since their limits
 * are the newsroom's for new writing and the reader shows stored ones of any length.
 */
const ARCHIVE_TITLE_CHARS = { min: 1, max: 300 } as const;
const ARCHIVE_DESCRIPTION_CHARS = { min: 1, max: DESCRIPTION_CHARS.max } as const;
export const ARCHIVE_FIELDS = {
  ...ARTICLE_FIELDS,
  titulo: {
    ...requiredText('titulo', ARCHIVE_TITLE_CHARS, {
      example: '"…"',
      tooLong: CUT,
      missing: said('falta o campo "titulo" (ou está vazio)', 'acrescente "titulo": "…" ao cabeçalho do index.md'),
    }),
    aliases: ['title'],
  },
  descricao: {
    ...requiredText('descricao', ARCHIVE_DESCRIPTION_CHARS, {
      example: '"…"',
      tooLong: CUT,
      missing: said('falta o campo "descricao" (ou está vazio)', 'acrescente "descricao": "…" ao cabeçalho do index.md'),
    }),
    aliases: ['description'],
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
        `"atualizado" ${atualizado} é anterior a "data" ${data}`,
        'a correção vem depois da publicação: confira as duas datas ("atualizado" é o dia da correção)',
      ),
  },
  {
    field: 'correcao',
    needs: ['atualizado'],
    holds: ({ atualizado }) => atualizado !== undefined,
    fails: () =>
      said(
        'há "correcao" sem "atualizado": a nota diz quando o artigo foi corrigido',
        'acrescente "atualizado": "AAAA-MM-DD" (o dia da correção), ou apague "correcao"',
      ),
  },
];

type Specs = typeof ARTICLE_FIELDS;
type ValueOf<K extends keyof Specs> = NonNullable<v.InferOutput<Specs[K]['rule']>>;
type RequiredField = { [K in keyof Specs]: Specs[K] extends { required: string } ? K : never }[keyof Specs];

/** The article's fields as stored: the required ones, and each optional one only when given and valid. */
export type ArticleFields = { [K in RequiredField]: ValueOf<K> } & { [K in Exclude<keyof Specs, RequiredField>]?: ValueOf<K> };
