import { type BodyFinding, MAX_FINDINGS, type ReadBody, readBody } from '../content/body/body-html';
import { BodyTooComplexError } from '../content/body/body-parse';
import { MAX_BODY_ATTRIBUTES, MAX_BODY_BYTES, MAX_BODY_ELEMENTS } from '../content/body/html-policy';
import { articlePath, articleSlugOf } from '../seo/urls';
import { LIMITS } from './limits';
import { countProblems, error, type Problem, warning } from './problems';

const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9]*)\s*>/g;

/** How a message names its line: "linha 12: …" (markdown-article.ts maps it to the line of index.md). */
const atLine = (line: number) => `linha ${line}: `;

/**
 * The body's findings with each repeated one said once, at its first line,
 * with how many times it comes back: a pasted body that repeats one mistake a
 * hundred times gets one message, not a hundred.
 */
function grouped(findings: readonly BodyFinding[]): { finding: BodyFinding; times: number }[] {
  const groups = new Map<string, { finding: BodyFinding; times: number }>();
  for (const finding of findings) {
    const key = `${finding.severity ?? 'error'}\n${finding.subject}\n${finding.message}`;
    const group = groups.get(key);
    if (group) group.times++;
    else groups.set(key, { finding, times: 1 });
  }
  return [...groups.values()];
}

/** A link to `/noticia/<slug>` that leads to no published article, in the journalist's words: a warning, never a refusal. */
export const missingArticleLink = (slug: string) => ({
  message: `o link para ${articlePath({ slug })} não leva a nenhuma notícia publicada`,
  fix: 'confira o endereço (escolha a notícia pela busca do link, no editor), ou publique essa notícia antes',
});

/** The articles a body links to (`/noticia/<slug>`), each once, in order: what the newsroom looks up before checking. */
export function linkedArticles(html: string): string[] {
  const found = new Set<string>();
  for (const { url } of readBody(html, { report: true }).links) {
    const slug = articleSlugOf(url);
    if (slug !== null) found.add(slug);
  }
  return [...found];
}

/**
 * Checks an article body as a reader's browser will see it: parsed by the
 * same WHATWG parser and judged by the same policy as the render-time
 * sanitizer (src/content/body/body-html.ts), so whatever the sanitizer would
 * remove is an error here, with its line (what it only ignores, such as a
 * video embed's own player settings, a warning). Also: well-formed (every element
 * closed, no stray end tag), no second <h1>, enough words, and (when
 * `knownSlugs` is given) links to articles that exist. Linear in the body's size,
 * and bounded: a body from which browsers would build more elements or
 * attributes than the policy allows gets one error, the parse stopped there;
 * at most {@link MAX_FINDINGS} problems are listed, then how many more there are.
 */
export function checkBody(
  html: string,
  file: string,
  knownSlugs?: ReadonlySet<string>,
  /** The fewest words an article has: none for an old site's article, published as it was (decision 049). */
  { minWords = LIMITS.bodyMinWords }: { minWords?: number } = {},
): Problem[] {
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > MAX_BODY_BYTES) {
    return [
      error(
        file,
        'body',
        `o texto tem ${Math.ceil(bytes / 1024)} KB; o máximo é ${MAX_BODY_BYTES / 1024} KB`,
        'encurte-o, ou divida-o em vários artigos',
      ),
    ];
  }
  let body: ReadBody;
  let again: string;
  try {
    body = readBody(html, { report: true });
    again = readBody(body.html).html;
  } catch (thrown) {
    if (thrown instanceof BodyTooComplexError) return [tooComplex(thrown, html, file)];
    throw thrown;
  }
  const problems = grouped(body.findings).map(({ finding, times }) =>
    (finding.severity === 'warning' ? warning : error)(
      file,
      `body: ${finding.subject}`,
      `${atLine(finding.line)}${finding.message}${times > 1 ? ` (e o mesmo em mais ${(times - 1).toLocaleString('pt-BR')} ${times === 2 ? 'lugar' : 'lugares'} adiante)` : ''}`,
      finding.fix,
    ),
  );

  if (again !== body.html) {
    problems.push(
      error(
        file,
        'body',
        'as marcações se encaixam de um jeito que os navegadores remontam de outra forma (por exemplo, um link dentro de outro, ou atravessando uma tabela)',
        'feche cada elemento antes de abrir o bloco seguinte, e nunca ponha um link dentro de outro',
      ),
    );
  }

  // The parser drops end tags with no open element without a word: count them in the source.
  const written = new Map<string, number>();
  for (const match of html.matchAll(END_TAG)) {
    const name = match[1]!.toLowerCase();
    written.set(name, (written.get(name) ?? 0) + 1);
  }
  for (const [name, count] of written) {
    const stray = count - (body.endTags.get(name) ?? 0);
    if (stray > 0) {
      problems.push(
        error(
          file,
          `body: </${name}>`,
          stray === 1 ? `1 fechamento </${name}> sem a abertura <${name}>` : `${stray} fechamentos </${name}> sem a abertura <${name}>`,
          `apague o </${name}> que sobra`,
        ),
      );
    }
  }

  for (const { url, line } of body.links) {
    const slug = articleSlugOf(url);
    if (slug !== null && knownSlugs && !knownSlugs.has(slug)) {
      const { message, fix } = missingArticleLink(slug);
      problems.push(warning(file, 'body: link', `${atLine(line)}${message}`, fix));
    }
  }

  const words = body.text.split(/\s+/).filter(Boolean).length;
  if (words < minWords) {
    problems.push(
      error(
        file,
        'body',
        `o texto tem ${words} ${words === 1 ? 'palavra' : 'palavras'}; um artigo tem pelo menos ${minWords}`,
        'escreva o texto do artigo',
      ),
    );
  }
  return listed(problems, body.unlisted, file);
}

/**
 * The first {@link MAX_FINDINGS} problems, then one saying how many more
 * there are (an error if any of them is), so a body that is wrong
 * everywhere still gets a report an editor can read.
 */
function listed(problems: Problem[], unlisted: ReadBody['unlisted'], file: string): Problem[] {
  let { errors, warnings } = unlisted;
  for (const problem of problems.slice(MAX_FINDINGS)) {
    if (problem.severity === 'error') errors++;
    else warnings++;
  }
  if (errors + warnings === 0) return problems;
  const more = `há mais ${(errors + warnings).toLocaleString('pt-BR')} problema(s) no texto, não listados (${countProblems(errors, warnings)})`;
  const hint = 'corrija os de cima (o mesmo erro costuma se repetir) e rode o check de novo';
  return [...problems.slice(0, MAX_FINDINGS), (errors > 0 ? error : warning)(file, 'body', more, hint)];
}

/**
 * The error for a body past the element or attribute limit: which limit, how
 * far into the body the parser had got, and, when most of the elements are
 * copies the parser made of formatting tags left open, which tags to close.
 */
function tooComplex(thrown: BodyTooComplexError, html: string, file: string): Problem {
  const limit = thrown.limit === 'elements' ? MAX_BODY_ELEMENTS : MAX_BODY_ATTRIBUTES;
  const lines = html.split('\n').length;
  const where =
    thrown.line === undefined || lines === 1
      ? ''
      : `, já na linha ${thrown.line.toLocaleString('pt-BR')} de ${lines.toLocaleString('pt-BR')}`;
  const what = thrown.limit === 'elements' ? 'elementos' : 'atributos nos seus elementos';
  const built = `os navegadores montariam mais de ${limit.toLocaleString('pt-BR')} ${what} com este texto (o limite)${where}`;
  if (thrown.copied * 2 < limit) {
    // How far over, roughly: the tags written (a count of "<" and a letter, which may also be in comments).
    const tags = html.match(/<[a-zA-Z]/g)?.length ?? 0;
    const written = thrown.limit === 'elements' && tags > limit ? `: ele tem cerca de ${tags.toLocaleString('pt-BR')} marcações` : '';
    return error(
      file,
      'body',
      `${built}${written}`,
      thrown.limit === 'elements'
        ? 'feche cada marcação onde o texto dela termina, e divida um texto tão longo em vários artigos: um artigo longo usa alguns milhares de elementos'
        : 'apague os atributos que o site não usa (só href, title e alguns outros ficam), ou divida o artigo',
    );
  }
  const tags = thrown.reopened.slice(0, 3);
  const lineOf = Math.min(...tags.map((tag) => tag.line ?? Number.POSITIVE_INFINITY));
  const named = `${tags.map((tag) => `${tag.written.toLocaleString('pt-BR')} <${tag.tag}>`).join(', ')} não fechados${Number.isFinite(lineOf) ? ` (o primeiro na linha ${lineOf.toLocaleString('pt-BR')})` : ''}`;
  return error(
    file,
    'body',
    `${built}: ${thrown.copied.toLocaleString('pt-BR')} deles ${thrown.limit === 'elements' ? 'são cópias' : 'estão em cópias'} de ${named}, que os navegadores abrem de novo em cada bloco seguinte`,
    `feche cada ${tags.map((tag) => `<${tag.tag}>`).join(', ')} onde o texto dele termina (</${tags[0]!.tag}> antes do </p>, </div> ou </li> em volta)`,
  );
}
