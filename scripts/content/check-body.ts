import { Parser } from 'htmlparser2';
import {
  FORBIDDEN_ELEMENTS,
  isAllowedEmbed,
  isEventHandler,
  isSafeUrl,
  URL_ATTRIBUTES,
} from '../../src/content/html-policy.ts';
import { LIMITS } from './limits.ts';
import { error, warning, type Problem } from './problems.ts';

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'hr', 'img', 'wbr', 'source', 'track', 'input', 'meta', 'link', 'base', 'embed', 'param']);
const FORBIDDEN = new Set<string>(FORBIDDEN_ELEMENTS);
/** Inline styles that would hide text from readers while search engines still see it. */
const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$)|font-size\s*:\s*0|(?:width|height)\s*:\s*0(?:px)?\s*(?:;|$)|left\s*:\s*-\d{3,}/i;
const ARTICLE_LINK = /^\/noticia\/([^/?#]+)/;

/**
 * Checks an article body: well-formed, nothing that can run script or hide
 * text, no second <h1>, enough words. `knownSlugs` (when given) lets internal
 * links to articles that do not exist be flagged.
 */
export function checkBody(html: string, file: string, knownSlugs?: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const lineAt = (index: number) => html.slice(0, index).split('\n').length;
  const explicitCloses = new Map<string, number>();
  let text = '';

  const parser = new Parser(
    {
      onopentag(name, attributes, isImplied) {
        const at = `line ${lineAt(parser.startIndex)}`;
        if (isImplied) {
          problems.push(error(file, `body: </${name}>`, `${at}: closing tag </${name}> without an opening tag`, `remove the stray </${name}> or add the missing <${name}>`));
          return;
        }
        if (name === 'iframe') {
          if (!isAllowedEmbed(attributes.src)) {
            problems.push(error(file, 'body: <iframe>', `${at}: <iframe> from "${attributes.src ?? ''}" is not an allowed embed`, 'only https://www.youtube-nocookie.com/embed/<id> videos may be embedded'));
          }
        } else if (FORBIDDEN.has(name)) {
          problems.push(error(file, `body: <${name}>`, `${at}: <${name}> is not allowed in an article`, `remove the <${name}> element; articles may contain text, headings, lists, quotes, links and embeds`));
        } else if (name === 'h1') {
          problems.push(error(file, 'body: <h1>', `${at}: <h1> in the body`, 'the page shows the titulo as its <h1>: use <h2> for sections'));
        } else if (name === 'img') {
          problems.push(error(file, 'body: <img>', `${at}: images inside the body are not supported`, 'use the article image (imagem.webp) or remove the <img>'));
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (isEventHandler(attribute)) {
            problems.push(error(file, `body: ${attribute}=`, `${at}: event handler attribute ${attribute}= on <${name}>`, `remove ${attribute}=: articles cannot run script`));
          } else if (URL_ATTRIBUTES.has(attribute) && !isSafeUrl(value)) {
            problems.push(error(file, `body: ${attribute}=`, `${at}: ${attribute}="${value.slice(0, 40)}" uses a forbidden URL scheme`, 'links may only be http(s):, mailto:, tel: or relative (no javascript: or data:)'));
          } else if (attribute === 'style') {
            problems.push(
              HIDING_STYLE.test(value)
                ? error(file, 'body: style=', `${at}: style="${value}" hides content`, 'remove the style: hidden text is not allowed')
                : warning(file, 'body: style=', `${at}: inline style on <${name}> is removed when the page is rendered`, 'remove style=; the site stylesheet formats articles'),
            );
          }
        }
        const link = name === 'a' ? ARTICLE_LINK.exec(attributes.href ?? '') : null;
        if (link && knownSlugs && !knownSlugs.has(link[1]!)) {
          problems.push(warning(file, 'body: <a href>', `${at}: link to /noticia/${link[1]}, which is not published`, 'check the slug, or publish that article first'));
        }
      },
      onclosetag(name, isImplied) {
        if (!isImplied) explicitCloses.set(name, (explicitCloses.get(name) ?? 0) + 1);
        else if (!VOID_ELEMENTS.has(name)) {
          problems.push(error(file, `body: <${name}>`, `line ${lineAt(parser.startIndex)}: <${name}> is not closed where it should be`, `add </${name}> before the next block, and nest tags properly`));
        }
      },
      ontext(data) {
        text += ` ${data}`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  // The parser silently drops end tags with no open element: count them in the source.
  const written = new Map<string, number>();
  for (const match of html.matchAll(/<\/([a-zA-Z][a-zA-Z0-9]*)\s*>/g)) {
    const name = match[1]!.toLowerCase();
    written.set(name, (written.get(name) ?? 0) + 1);
  }
  for (const [name, count] of written) {
    const stray = count - (explicitCloses.get(name) ?? 0);
    if (stray > 0 && name !== 'p') {
      problems.push(error(file, `body: </${name}>`, `${stray} closing tag(s) </${name}> without an opening tag`, `remove the stray </${name}>`));
    }
  }

  const words = text.split(/\s+/).filter(Boolean).length;
  if (words < LIMITS.bodyMinWords) {
    problems.push(error(file, 'body', `the body has ${words} word(s); at least ${LIMITS.bodyMinWords} are expected`, 'write the article text in body.html'));
  }
  return problems;
}
