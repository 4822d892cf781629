import { MAX_FINDINGS, type ReadBody, readBody } from '../../src/content/body-html.ts';
import { BodyTooComplexError } from '../../src/content/body-parse.ts';
import { MAX_BODY_ATTRIBUTES, MAX_BODY_BYTES, MAX_BODY_ELEMENTS } from '../../src/content/html-policy.ts';
import { articlePath, articleSlugOf } from '../../src/seo/urls.ts';
import { LIMITS } from './limits.ts';
import { error, type Problem, warning } from './problems.ts';

const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9]*)\s*>/g;

/**
 * Checks an article body as a reader's browser will see it: parsed by the
 * same WHATWG parser and judged by the same policy as the render-time
 * sanitizer (src/content/body-html.ts), so whatever the sanitizer would
 * remove is an error here, with its line (what it only ignores, such as a
 * video embed's own player settings, a warning). Also: well-formed (every element
 * closed, no stray end tag), no second <h1>, enough words, and (when
 * `knownSlugs` is given) links to articles that exist. Linear in the body's size,
 * and bounded: a body from which browsers would build more elements or
 * attributes than the policy allows gets one error, the parse stopped there;
 * at most {@link MAX_FINDINGS} problems are listed, then how many more there are.
 */
export function checkBody(html: string, file: string, knownSlugs?: ReadonlySet<string>): Problem[] {
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > MAX_BODY_BYTES) {
    return [
      error(
        file,
        'body',
        `the body is ${Math.ceil(bytes / 1024)} KB; at most ${MAX_BODY_BYTES / 1024} KB are allowed`,
        'shorten it, or split it into several articles',
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
  const problems = body.findings.map((finding) =>
    (finding.severity === 'warning' ? warning : error)(
      file,
      `body: ${finding.subject}`,
      `line ${finding.line}: ${finding.message}`,
      finding.fix,
    ),
  );

  if (again !== body.html) {
    problems.push(
      error(
        file,
        'body',
        'the markup nests elements in a way browsers rebuild differently (e.g. a link inside a link, or through a table)',
        'close each element before opening the next block, and never put a link inside a link',
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
        error(file, `body: </${name}>`, `${stray} closing tag(s) </${name}> without an opening tag`, `remove the stray </${name}>`),
      );
    }
  }

  for (const href of body.links) {
    const slug = articleSlugOf(href);
    if (slug !== null && knownSlugs && !knownSlugs.has(slug)) {
      problems.push(
        warning(
          file,
          'body: <a href>',
          `link to ${articlePath({ slug })}, which is not published`,
          'check the slug, or publish that article first',
        ),
      );
    }
  }

  const words = body.text.split(/\s+/).filter(Boolean).length;
  if (words < LIMITS.bodyMinWords) {
    problems.push(
      error(
        file,
        'body',
        `the body has ${words} word(s); at least ${LIMITS.bodyMinWords} are expected`,
        'write the article text in body.html',
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
  const more = `${(errors + warnings).toLocaleString('en')} more problem(s) in the body are not listed (${errors.toLocaleString('en')} error(s), ${warnings.toLocaleString('en')} warning(s))`;
  const hint = 'fix the ones above (the same mistake often repeats) and run the check again';
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
    thrown.line === undefined || lines === 1 ? '' : `, by line ${thrown.line.toLocaleString('en')} of ${lines.toLocaleString('en')}`;
  const what = thrown.limit === 'elements' ? 'elements' : 'attributes on its elements';
  const built = `browsers would build more than ${limit.toLocaleString('en')} ${what} from this body (the limit)${where}`;
  if (thrown.copied * 2 < limit) {
    // How far over, roughly: the tags written (a count of "<" and a letter, which may also be in comments).
    const tags = html.match(/<[a-zA-Z]/g)?.length ?? 0;
    const written = thrown.limit === 'elements' && tags > limit ? `: it has about ${tags.toLocaleString('en')} tags` : '';
    return error(
      file,
      'body',
      `${built}${written}`,
      thrown.limit === 'elements'
        ? 'close every tag where its text ends, and split a body this long into several articles: a long article needs a few thousand elements'
        : 'remove the attributes the site does not use (only href, title and a few others are kept), or split the article',
    );
  }
  const tags = thrown.reopened.slice(0, 3);
  const lineOf = Math.min(...tags.map((tag) => tag.line ?? Number.POSITIVE_INFINITY));
  const named = `${tags.map((tag) => `${tag.written.toLocaleString('en')} <${tag.tag}>`).join(', ')} left open${Number.isFinite(lineOf) ? ` (the first on line ${lineOf.toLocaleString('en')})` : ''}`;
  return error(
    file,
    'body',
    `${built}: ${thrown.copied.toLocaleString('en')} of them ${thrown.limit === 'elements' ? 'are copies' : 'are on copies'} of ${named}, which browsers open again in every block that follows`,
    `close each ${tags.map((tag) => `<${tag.tag}>`).join(', ')} where its text ends (</${tags[0]!.tag}> before the </p>, </div> or </li> around it)`,
  );
}
