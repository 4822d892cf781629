import { type ErrorCode, isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import { MESSAGES, type PlacedFault } from './article-file';

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
