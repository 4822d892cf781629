import type { StateCore, Token } from 'markdown-it';
import { type ErrorCode, isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { markdownReader, VIDEO_LINE } from '../../shared/markdown-reader';
import { videoEmbedUrl, videoOfArticle } from '../../shared/video-embed';
import { safeUrl } from '../content/body/html-policy';
import type { TextFault } from './editor-text';
import { type BodyNote, HEADING_LEVELS, headingLevel, imageFault, linkFault, type Said, untitledVideo } from './markdown-notes';
import { brokenTable, tabSeparatedTable, unevenRow } from './markdown-tables';

/**
 * An article written as Markdown: `index.md`, YAML front matter with the
 * article's fields between two `---` lines, then the text. Converted here, at
 * check, publish and build time (never in the worker): the HTML it gives is the
 * article's body, judged by the one body policy (src/content/body/body-html.ts).
 * Every editor-facing message of this format is here.
 */

/** The one file of an article written in Markdown. */
export const MARKDOWN_FILE = 'index.md';
/** The front-matter field naming the main image file, in the folder. */
export const IMAGE_FIELD = 'imagem';

/** A fault of index.md, at a line (and column) when it has one. */
export interface PlacedFault extends TextFault {
  line?: number;
  column?: number;
}

export const MESSAGES = {
  noFrontMatter: {
    message: `${MARKDOWN_FILE} não começa pelos campos do artigo (o cabeçalho entre linhas "---")`,
    hint: 'comece o arquivo com uma linha "---", depois os campos (titulo: …, descricao: …, data: …), outra linha "---" e então o texto',
  },
  unclosed: {
    message: 'o cabeçalho aberto na linha 1 não é fechado',
    hint: 'ponha uma linha "---" depois do último campo, antes do texto',
  },
  yamlHint:
    'escreva um campo por linha, como nome: valor; ponha entre aspas retas um texto que tenha ": " ou " #", ou que comece com aspas, [, {, *, & ou !, por exemplo titulo: "Reforma: por onde começar"',
  notFields: (found: string) => ({
    message: `o cabeçalho tem ${found}, e não campos`,
    hint: 'escreva um campo por linha, como nome: valor, por exemplo titulo: …',
  }),
  bothFormats: (legacy: string) => ({
    message: `a pasta tem ${MARKDOWN_FILE} e também ${legacy}: um artigo, duas versões`,
    hint: `só o ${MARKDOWN_FILE} é lido: confira que ele tem o artigo todo e apague ${legacy}`,
  }),
  oldFormat: (folder: string) => ({
    message: 'esta pasta está no formato antigo (article.json + body.html)',
    hint: `converta-a com npm run content:convert -- ${folder}`,
  }),
  misnamed: (found: string) => ({
    message: `falta ${MARKDOWN_FILE}; há "${found}"`,
    hint: `renomeie "${found}" para "${MARKDOWN_FILE}" (exatamente assim, sem ".txt")`,
  }),
  missing: {
    message: `falta ${MARKDOWN_FILE}`,
    hint: `escreva o artigo num ${MARKDOWN_FILE} nesta pasta: os campos entre linhas "---", depois o texto (npm run content:new cria um modelo)`,
  },
  imageMissing: {
    message: `falta "${IMAGE_FIELD}": a imagem principal do artigo é indicada no cabeçalho`,
    hint: `acrescente ${IMAGE_FIELD}: foto.jpg, com o nome do arquivo de imagem da pasta (JPEG, PNG, WebP ou AVIF), 1200×675`,
  },
  imageNotText: (found: string) => ({
    message: `"${IMAGE_FIELD}" é ${found}, e não um nome de arquivo`,
    hint: `escreva ${IMAGE_FIELD}: foto.jpg, com o nome do arquivo de imagem da pasta`,
  }),
  imageNotHere: (name: string) => ({
    message: `"${IMAGE_FIELD}" indica "${name}", que não é um arquivo desta pasta`,
    hint: `indique um arquivo ao lado do ${MARKDOWN_FILE} (sem pasta no nome), por exemplo ${IMAGE_FIELD}: foto.jpg`,
  }),
  imageAbsent: (name: string, near: readonly string[]) => ({
    message: `"${IMAGE_FIELD}" indica "${name}", mas não há esse arquivo na pasta`,
    hint:
      near.length > 0
        ? `indique um destes: ${near.join(', ')}`
        : `ponha a imagem como ${name} ao lado do ${MARKDOWN_FILE}, ou corrija o nome`,
  }),
  imageFormat: (name: string) => ({
    message: `"${IMAGE_FIELD}" indica "${name}", que não tem nome de arquivo JPEG, PNG, WebP ou AVIF`,
    hint: 'converta a imagem para um desses formatos, com o nome terminando em .jpg, .jpeg, .png, .webp ou .avif',
  }),
} as const;

/** What to do about an alias (`*nome`), which an article's fields never need. */
const ALIAS_HINT = 'escreva cada valor por extenso, sem & nem * na frente: os campos de um artigo não usam os apelidos do YAML';

/**
 * What each of the YAML library's errors means, in the editors' words, by its
 * error code: every code has its sentence (the type says so), so an editor
 * never gets the library's English. `hint` when the usual advice does not fit.
 */
const YAML_ERRORS: Record<ErrorCode, string | { said: string; hint: string }> = {
  ALIAS_PROPS: { said: 'um apelido (*nome) com âncora (&) ou etiqueta (!)', hint: ALIAS_HINT },
  BAD_ALIAS: { said: 'um apelido (*nome) que o YAML não entende', hint: ALIAS_HINT },
  BAD_DIRECTIVE: 'uma linha começada por %, que o YAML lê como uma instrução',
  BAD_DQ_ESCAPE: 'uma barra invertida (\\) entre aspas duplas que o YAML não entende',
  BAD_INDENT: 'recuo ou fechamento fora do lugar (um [ sem ], ou espaços no começo da linha)',
  BAD_PROP_ORDER: 'um & ou ! fora do lugar, que o YAML lê como âncora ou etiqueta',
  BAD_SCALAR_START: 'um valor começa com um caractere reservado do YAML',
  BLOCK_AS_IMPLICIT_KEY: 'esta linha não é um campo (nome: valor) no lugar em que está',
  BLOCK_IN_FLOW: 'uma lista de várias linhas dentro de [ ] ou { }',
  DUPLICATE_KEY: 'o mesmo campo aparece duas vezes',
  IMPOSSIBLE: 'o YAML não consegue ler esta linha',
  KEY_OVER_1024_CHARS: 'um nome de campo com mais de 1.024 caracteres (um texto longo sem o nome: na frente, ou com ": " no meio)',
  MISSING_CHAR: 'falta fechar aspas, colchetes ou chaves',
  MULTILINE_IMPLICIT_KEY: 'um nome de campo ocupa mais de uma linha',
  MULTIPLE_ANCHORS: { said: 'um valor com mais de uma âncora (&nome)', hint: ALIAS_HINT },
  MULTIPLE_DOCS: 'uma segunda linha "---" no cabeçalho',
  MULTIPLE_TAGS: 'um valor com mais de uma etiqueta (!nome)',
  NON_STRING_KEY: 'um nome de campo que não é uma palavra (uma lista ou campos no lugar do nome)',
  RESOURCE_EXHAUSTION: {
    said: 'colchetes, chaves ou recuos encaixados fundo demais para ler',
    hint: 'um artigo só precisa de campos simples (nome: valor) e de listas como [decoracao, arquitetura]: apague os colchetes e chaves que sobram',
  },
  TAB_AS_INDENT: 'tabulação no começo da linha (o YAML só aceita espaços)',
  TAG_RESOLVE_FAILED: 'uma etiqueta (!nome) que o YAML não conhece',
  UNEXPECTED_TOKEN: 'um caractere fora do lugar',
  BAD_COLLECTION_TYPE: 'uma etiqueta (!nome) que não serve para uma lista ou campos',
};

/** The sentence and the advice for a YAML error code (one the library adds later gets the general ones). */
function yamlWords(code: string): { said: string; hint: string } {
  const known = (YAML_ERRORS as Partial<Record<string, string | { said: string; hint: string }>>)[code];
  if (known === undefined) return { said: 'o YAML não consegue ler esta linha', hint: MESSAGES.yamlHint };
  return typeof known === 'string' ? { said: known, hint: MESSAGES.yamlHint } : known;
}

/** Curly quotes a word processor puts in place of straight ones. */
const CURLY = /[“”‘’„]/;
/** A whole value in curly quotes: “…” or ‘…’. */
const CURLY_WRAPPED = /^[“„]([^“”]*)”$|^‘([^‘’]*)’$/;
const FIELD_LINE = /^([A-Za-z_][\w-]*):[ \t]+(.+?)[ \t]*$/;

/** A YAML text in double quotes, as an editor would type it. */
const doubleQuoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * The exact line to write instead of a line of the front matter the YAML
 * library refused, when the mistake is a known one: a value in curly quotes
 * (Word's), or a text with ": " or " #" left without quotes. Null otherwise.
 */
function fixedLine(line: string): string | null {
  const field = FIELD_LINE.exec(line);
  if (!field) return null;
  const [, name, value] = field as unknown as [string, string, string];
  const wrapped = CURLY_WRAPPED.exec(value);
  if (wrapped) return `${name}: ${doubleQuoted(wrapped[1] ?? wrapped[2] ?? '')}`;
  if (CURLY.test(value[0]!) || value.includes(': ') || value.includes(' #')) return `${name}: ${doubleQuoted(value)}`;
  return null;
}

/** What the front matter gives: the fields, the line of each key, and the text after it. */
export interface FrontMatter {
  /** The fields; null when the front matter cannot be read (see faults). */
  fields: Record<string, unknown> | null;
  /** Every problem reading it, the first one first. */
  faults: PlacedFault[];
  /** What was cleaned in the fields (curly quotes around a whole value), for a warning each. */
  cleaned?: PlacedFault[];
  /** The line in index.md of each top-level key. */
  fieldLines: Map<string, number>;
  /** The Markdown text after the front matter, and the line of index.md it starts on. */
  body: string;
  bodyLine: number;
}

const FENCE = /^---[ \t]*$/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/;

/** Splits index.md into its front matter (read as YAML 1.2, core schema: dates stay text) and its body. */
export function readFrontMatter(text: string): FrontMatter {
  const lines = text.split(/\r?\n/);
  const none = (fault: PlacedFault): FrontMatter => ({ fields: null, faults: [fault], fieldLines: new Map(), body: '', bodyLine: 1 });
  if (!FENCE.test(lines[0] ?? '')) return none({ ...MESSAGES.noFrontMatter, line: 1 });
  const end = lines.findIndex((line, index) => index > 0 && CLOSING.test(line));
  if (end < 0) return none({ ...MESSAGES.unclosed, line: 1 });
  const body = lines.slice(end + 1).join('\n');
  const bodyLine = end + 2;
  const counter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join('\n'), { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
  // Lines of the YAML text are lines of index.md from line 2.
  // One fault per line: the library often reports one mistake two or three ways.
  const faultLines = new Set<number>();
  const faults: PlacedFault[] = [];
  for (const yamlError of doc.errors) {
    const at = yamlError.linePos?.[0];
    const line = at ? at.line + 1 : undefined;
    if (line !== undefined && faultLines.has(line)) continue;
    if (line !== undefined) faultLines.add(line);
    const written = line === undefined ? undefined : lines[line - 1];
    const fixed = written === undefined ? null : fixedLine(written);
    const { said, hint } = yamlWords(yamlError.code);
    const curly = written !== undefined && CURLY.test(written);
    faults.push({
      message: `${at ? `linha ${line}, coluna ${at.col}: ` : ''}${fixed ? (curly ? 'o valor está entre aspas curvas (“ ”), que o Word põe no lugar das retas, e o YAML não as entende' : 'o valor tem ": " ou " #", que no YAML separam nome e valor ou abrem um comentário: o texto precisa de aspas retas') : said}`,
      hint: fixed ? `escreva a linha assim: ${fixed}` : hint,
      ...(at ? { line, column: at.col } : {}),
    });
  }
  const fieldLines = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) fieldLines.set(String(item.key.value), counter.linePos(item.key.range[0]).line + 1);
    }
  }
  // An alias is refused before the value is built: expanded, a few of them nested make a value of any size.
  let alias: number | undefined;
  visit(doc, {
    Alias(_, node) {
      alias = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  if (alias !== undefined) {
    const at = counter.linePos(alias);
    faults.push({
      message: `linha ${at.line + 1}, coluna ${at.col}: um apelido do YAML (*nome), que repete um valor escrito antes com &nome`,
      hint: ALIAS_HINT,
      line: at.line + 1,
      column: at.col,
    });
  }
  if (faults.length > 0) return { fields: null, faults, fieldLines, body, bodyLine };
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return { fields: {}, faults, fieldLines, body, bodyLine };
  if (typeof value !== 'object' || Array.isArray(value)) {
    const found = Array.isArray(value)
      ? 'uma lista'
      : typeof value === 'string'
        ? `um texto solto (${JSON.stringify(value)})`
        : `um valor solto (${JSON.stringify(value)})`;
    return { fields: null, faults: [{ ...MESSAGES.notFields(found), line: 2 }], fieldLines, body, bodyLine };
  }
  const fields = value as Record<string, unknown>;
  const cleaned: PlacedFault[] = [];
  for (const [name, text] of Object.entries(fields)) {
    const wrapped = typeof text === 'string' ? CURLY_WRAPPED.exec(text.trim()) : null;
    if (!wrapped) continue;
    const inside = wrapped[1] ?? wrapped[2] ?? '';
    fields[name] = inside;
    const line = fieldLines.get(name);
    cleaned.push({
      message: `${line ? `linha ${line}: ` : ''}tiradas as aspas curvas em volta de "${name}" (${String(text).trim().slice(0, 40)}${String(text).trim().length > 40 ? '…' : ''}): no YAML, um texto não precisa de aspas`,
      hint: `se as aspas fazem parte do texto, escreva ${name}: '${String(text).trim()}'; se não, tire-as do arquivo para não ver este aviso`,
      ...(line ? { line } : {}),
    });
  }
  return { fields, faults, cleaned, fieldLines, body, bodyLine };
}

/** The site's Markdown reader (shared/markdown-reader.ts), with the portal's rules below. */
const md = markdownReader();

const escapeHtml = md.utils.escapeHtml;

/** What the portal's rules read and write while the Markdown is parsed. */
type PortalEnv = {
  /** The article's title, which names a video given no title of its own. */
  articleTitle?: string;
  notes: BodyNote[];
};

/** A token that stands for the HTML given, in place of a paragraph. */
function htmlToken(state: StateCore, content: string, map: [number, number] | null): Token {
  const token = new state.Token('html_block', '', 0);
  token.content = content;
  token.block = true;
  token.map = map;
  return token;
}

/** A token turned into nothing: what the check refused, left out of the page (the note says what and where). */
function dropToken(token: Token): void {
  token.type = 'text';
  token.tag = '';
  token.nesting = 0;
  token.content = '';
  token.children = null;
}

/**
 * What a journalist wrote that the body policy would refuse once converted,
 * said here in the words written, at its line, and converted to what the
 * policy accepts (markdown-notes.ts): a heading of level 1, 5 or 6 is shown
 * at the nearest level the text uses; an image from outside imagens/ or
 * without a description, and a link to an address that is not the web's, are
 * left out.
 */
md.core.ruler.push('portal_checks', (state) => {
  const env = state.env as unknown as PortalEnv;
  let line = 1;
  for (let i = 0; i < state.tokens.length; i++) {
    const token = state.tokens[i]!;
    if (token.map) line = token.map[0] + 1;
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1));
      if (level >= HEADING_LEVELS.min && level <= HEADING_LEVELS.max) continue;
      const { shownAs, ...said } = headingLevel(level, state.tokens[i + 1]?.content ?? '', token.markup);
      env.notes.push({ ...said, line });
      token.tag = `h${shownAs}`;
      state.tokens[i + 2]!.tag = `h${shownAs}`;
      continue;
    }
    if (token.type !== 'inline') continue;
    const children = token.children ?? [];
    let at = line;
    for (let j = 0; j < children.length; j++) {
      const child = children[j]!;
      if (child.type === 'softbreak' || child.type === 'hardbreak') at++;
      let said: Said | null = null;
      if (child.type === 'image') {
        said = imageFault(String(child.attrGet('src') ?? ''), md.renderer.renderInlineAsText(child.children ?? [], md.options, state.env));
        if (said) dropToken(child);
      } else if (child.type === 'link_open' && safeUrl(String(child.attrGet('href') ?? '')) === null) {
        said = linkFault(String(child.attrGet('href') ?? ''));
        dropToken(child);
        const close = children.findIndex((next, k) => k > j && next.type === 'link_close');
        if (close > 0) dropToken(children[close]!);
      }
      if (said) env.notes.push({ ...said, line: at });
    }
  }
});

/**
 * The forms an editor types for what a body shows beyond text: an image alone
 * in its paragraph is a figure (its title is the caption); a YouTube address
 * alone in its paragraph is the video (the site draws its facade), named by
 * its title or else as a video of the article; lines copied from a
 * spreadsheet (tab-separated) are a table; a quote of one paragraph is the
 * quote's text, as hand-written bodies have it. Rows of `|` Markdown does not
 * read as a table, or read with cells lost, are noted.
 */
md.core.ruler.push('portal_blocks', (state) => {
  const tokens = state.tokens;
  const env = state.env as unknown as PortalEnv;
  const source = state.src.split('\n');
  const note = (map: [number, number] | null, said: Said | null) => {
    if (said && map) env.notes.push({ ...said, line: map[0] + 1 });
  };
  const table = (fault: TextFault | null): Said | null => fault && { subject: 'tabela', severity: 'warning', ...fault };
  let columns = 0;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    if (open.type === 'blockquote_open' && tokens[i + 1]?.type === 'paragraph_open' && tokens[i + 4]?.type === 'blockquote_close') {
      tokens[i + 1]!.hidden = true;
      tokens[i + 3]!.hidden = true;
      continue;
    }
    if (open.type === 'thead_open') columns = 0;
    if (open.type === 'th_open') columns++;
    if (open.type === 'tr_open' && tokens[i - 1]?.type !== 'thead_open' && open.map) {
      note(open.map, table(unevenRow(source[open.map[0]] ?? '', columns)));
    }
    if (open.type !== 'paragraph_open' || open.hidden || tokens[i + 2]?.type !== 'paragraph_close') continue;
    const inline = tokens[i + 1]!;
    const children = inline.children ?? [];
    const video = VIDEO_LINE.exec(inline.content.trim());
    const lines = inline.content.split('\n');
    let html: string | null = null;
    if (children.length > 0 && children.every((child) => child.type === 'text' && child.content === '')) {
      html = ''; // all it held was refused (portal_checks): no empty paragraph
    } else if (video) {
      const id = (video[1] ?? video[2])!;
      const title = video[3]?.trim();
      if (!title) note(open.map, untitledVideo(video[0], env.articleTitle));
      html = `<iframe src="${videoEmbedUrl(id)}" title="${escapeHtml(title || videoOfArticle(env.articleTitle))}" allowfullscreen></iframe>\n`;
    } else if (children.length === 1 && children[0]!.type === 'image') {
      const image = children[0]!;
      const alt = md.renderer.renderInlineAsText(image.children ?? [], md.options, state.env);
      const src = String(image.attrGet('src') ?? '');
      const caption = String(image.attrGet('title') ?? '');
      html = `<figure>\n<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">\n${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>\n` : ''}</figure>\n`;
    } else {
      html = tabSeparatedTable(lines, (text) => md.renderInline(text, state.env));
      if (html === null) note(open.map, table(brokenTable(lines)));
    }
    if (html !== null) tokens.splice(i, 3, htmlToken(state, html, open.map));
  }
});

// Table cells without the alignment's style attribute (the policy allows none); header cells of the head say they head a column.
md.renderer.rules.th_open = () => '<th scope="col">';
md.renderer.rules.td_open = () => '<td>';
// Footnotes in the markup the policy allows (no id, no class, no section): a numbered mark, and the notes in that order after a rule.
md.renderer.rules.footnote_ref = (tokens, idx) => `<sup>[${Number(tokens[idx]!.meta?.id) + 1}]</sup>`;
md.renderer.rules.footnote_block_open = () => '<hr>\n<ol>\n';
md.renderer.rules.footnote_block_close = () => '</ol>\n';
md.renderer.rules.footnote_open = () => '<li>';
md.renderer.rules.footnote_close = () => '</li>\n';
md.renderer.rules.footnote_anchor = () => '';

/** A Markdown body as HTML, and where each line of that HTML came from. */
export interface ConvertedBody {
  html: string;
  /** The line of the Markdown (1 = its first) a line of the HTML (1 = its first) came from. */
  sourceLine: (htmlLine: number) => number;
  /** What the Markdown gives other than meant ({@link BodyNote}), at lines of the Markdown. */
  notes: BodyNote[];
}

const newlines = (text: string) => text.split('\n').length - 1;

/**
 * Converts a Markdown body to HTML: each top-level block rendered on its own,
 * the blocks separated by a blank line, so a line of
 * the HTML, which the body check names, leads back to the Markdown's.
 */
export function markdownToHtml(markdown: string, articleTitle?: string): ConvertedBody {
  const env: PortalEnv = { notes: [], ...(articleTitle ? { articleTitle } : {}) };
  const tokens = md.parse(markdown, env);
  const parts: string[] = [];
  const starts: { html: number; from: number; to: number; raw: boolean }[] = [];
  let htmlLine = 1;
  let lastLine = 0;
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    if (tokens[i]!.nesting === 1) {
      let depth = 0;
      for (; j < tokens.length; j++) {
        depth += tokens[j]!.nesting;
        if (depth === 0) break;
      }
    }
    const first = tokens[i]!;
    const part = md.renderer.render(tokens.slice(i, j + 1), md.options, env);
    const [from, to] = first.map ?? [lastLine, lastLine + 1];
    lastLine = to;
    starts.push({ html: htmlLine, from, to, raw: first.type === 'html_block' && first.map !== null });
    parts.push(part);
    htmlLine += newlines(part) + 1;
    i = j + 1;
  }
  const html = parts.join('\n');
  return {
    html,
    notes: env.notes,
    sourceLine(line) {
      let at = starts[0];
      for (const start of starts) {
        if (start.html > line) break;
        at = start;
      }
      if (!at) return 1;
      // Raw HTML keeps its lines; any other block is named by its first line.
      return (at.raw ? Math.min(at.from + (line - at.html), at.to - 1) : at.from) + 1;
    },
  };
}

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
