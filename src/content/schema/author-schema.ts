import * as v from 'valibot';
import { describeValue, type FieldSpec, plainText, said } from './field-rules';
import { isValidImageFile } from './format';

/**
 * An author's fields, the one description of them: what a file of
 * `content/autores/` holds (docs/content-and-publishing.md, "The news index"), what the stored registry
 * keeps (authors.ts), and what the editor is told when a field is wrong. The
 * editors' check reports every failure (src/checking/folder/author-file.ts);
 * the worker refuses a stored author any of whose fields fails
 * (authors.ts, parseAuthor), and its articles are signed by the site's editor.
 */

/** Length limits, in characters (trimmed). */
export const AUTHOR_TEXT = {
  nome: { min: 3, max: 80 },
  cargo: { min: 3, max: 100 },
  bio: { min: 20, max: 600 },
} as const;

const missing = (field: keyof typeof AUTHOR_TEXT) =>
  said(`falta o campo "${field}"`, `acrescente "${field}": "…" (de ${AUTHOR_TEXT[field].min} a ${AUTHOR_TEXT[field].max} caracteres)`);

export const AUTHOR_FIELDS = {
  /** The name the byline shows: "Por <nome>". */
  nome: { ...plainText('nome', AUTHOR_TEXT.nome, { example: '"Ana Souza"' }), required: missing('nome') },
  /** The role under the name, e.g. "Repórter de mercado imobiliário". */
  cargo: { ...plainText('cargo', AUTHOR_TEXT.cargo, { example: '"…"' }), required: missing('cargo') },
  /** A short biography, plain text, for the author's page. */
  bio: { ...plainText('bio', AUTHOR_TEXT.bio, { example: '"…"', paragraph: true }), required: missing('bio') },
  /**
   * The photo (square): in the editor's file, an image file beside it, which
   * the check reads and publishes (scripts/content/check/author-registry.ts); stored, the published
   * file's name among the article images. Initials stand in when absent.
   */
  foto: {
    file: true,
    rule: v.pipe(
      v.string((issue) =>
        said(
          `o campo "foto" é ${describeValue(issue.input)}, e não um nome de arquivo entre aspas`,
          'escreva o nome do arquivo da foto, p. ex. "foto": "ana-souza.jpg"',
        ),
      ),
      v.check(
        isValidImageFile,
        said(
          'o campo "foto" não é o nome de um arquivo de imagem',
          'indique um arquivo .webp, .avif, .jpg ou .png, em minúsculas, p. ex. "ana-souza.jpg"',
        ),
      ),
    ),
  },
} satisfies Record<string, FieldSpec>;

type Specs = typeof AUTHOR_FIELDS;

/** An author's fields as stored. */
export type AuthorFields = { [K in Exclude<keyof Specs, 'foto'>]: v.InferOutput<Specs[K]['rule']> } & { foto?: string };
