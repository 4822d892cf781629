import { IMAGE_FIELD, type PlacedFault } from './article-file';
import { readFrontMatter } from './front-matter';
import { markdownToHtml } from './markdown-body';
import type { BodyNote } from './markdown-notes';

/**
 * An article written as Markdown: `index.md`, YAML front matter with the
 * article's fields between two `---` lines (front-matter.ts), then the text
 * (markdown-body.ts). Converted at check, publish and build time (never in the
 * worker): the HTML it gives is the article's body, judged by the one body
 * policy (src/content/body/body-html.ts). The file's own messages are in
 * article-file.ts.
 */

/** An article's index.md, read: the fields, the body as HTML, and the lines to name in messages. */
export interface MarkdownArticle {
  /** The fields of the front matter, without `imagem`; null when it cannot be read. */
  fields: Record<string, unknown> | null;
  /** Problems of the file as a whole: the front matter's, or both formats in one folder. */
  faults: PlacedFault[];
  /** What was cleaned in the front matter (readFrontMatter), each a warning. */
  cleaned: PlacedFault[];
  /** `imagem` as written (undefined when absent), and its line. */
  image: unknown;
  fieldLines: Map<string, number>;
  body: string;
  /** The line of index.md a line of the converted body came from. */
  lineOfBody: (htmlLine: number) => number;
  /** What the text's Markdown gives other than meant, at lines of index.md: a warning each. */
  notes: BodyNote[];
}

export function readMarkdownArticle(text: string): MarkdownArticle {
  const front = readFrontMatter(text);
  const title = front.fields?.titulo;
  const converted = markdownToHtml(front.body, typeof title === 'string' ? title.trim() : undefined);
  let fields = front.fields;
  let image: unknown;
  if (fields) {
    ({ [IMAGE_FIELD]: image, ...fields } = fields);
  }
  return {
    fields,
    faults: front.faults,
    cleaned: front.cleaned ?? [],
    image,
    fieldLines: front.fieldLines,
    body: converted.html,
    lineOfBody: (line) => converted.sourceLine(line) + front.bodyLine - 1,
    // In the order of the text: the reader's rules find them in passes of their own.
    notes: converted.notes.map((note) => ({ ...note, line: note.line + front.bodyLine - 1 })).sort((a, b) => a.line - b.line),
  };
}

/** `linha N: ` in a message: the form body findings have (check-body.ts, atLine). */
const LINE_PREFIX = /^linha (\d+): /;

/**
 * A problem of the converted body or of a field, at its line of index.md:
 * a body finding's HTML line is replaced by the Markdown's, a field's problem
 * gets its key's line.
 */
export function placeInMarkdown<P extends { field: string; message: string; hint: string }>(problem: P, article: MarkdownArticle): P {
  const lined = LINE_PREFIX.exec(problem.message);
  if (problem.field === 'body' || problem.field.startsWith('body:')) {
    if (!lined) return problem;
    return { ...problem, message: `linha ${article.lineOfBody(Number(lined[1]))}: ${problem.message.slice(lined[0].length)}` };
  }
  // The fields' rules give their fixes as JSON writes a field ("titulo": "…", as the newsroom's schema reads it); index.md writes it titulo: "…".
  const asYaml = { ...problem, hint: problem.hint.replace(/"([a-z]+)": /g, '$1: ') };
  const line = article.fieldLines.get(problem.field);
  if (line === undefined || lined) return asYaml;
  return { ...asYaml, message: `linha ${line}: ${problem.message}` };
}
