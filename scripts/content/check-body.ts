import { readBody } from '../../src/content/body-html.ts';
import { MAX_BODY_BYTES } from '../../src/content/html-policy.ts';
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
 * `knownSlugs` is given) links to articles that exist. Linear in the body's size.
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
  const body = readBody(html, { report: true });
  const problems = body.findings.map((finding) =>
    (finding.severity === 'warning' ? warning : error)(
      file,
      `body: ${finding.subject}`,
      `line ${finding.line}: ${finding.message}`,
      finding.fix,
    ),
  );

  if (readBody(body.html).html !== body.html) {
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
  return problems;
}
