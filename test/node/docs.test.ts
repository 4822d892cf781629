import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import MarkdownIt, { type Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';

/**
 * The documentation against the repository it describes: the commands the
 * README names exist, its list of checks is what CI runs, every link between
 * the docs leads somewhere, every file path they cite exists, and every
 * decision record is indexed and has its three parts. Docs drift silently;
 * these fail instead.
 */

const read = (path: string) => readFileSync(path, 'utf8');
const README = read('README.md');
const SCRIPTS = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

const filesIn = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(join(folder, entry.name)) : [join(folder, entry.name)],
  );
const DOCS = ['README.md', ...filesIn('docs').filter((file) => file.endsWith('.md'))];
const FILES = ['src', 'client', 'shared', 'scripts', 'test'].flatMap(filesIn);

const markdown = new MarkdownIt();

/** Every token of a document, inline children included; code blocks and spans are never links. */
const tokensOf = (text: string): Token[] => markdown.parse(text, {}).flatMap((token) => [token, ...(token.children ?? [])]);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

const headingsOf = (text: string): string[] => {
  const tokens = markdown.parse(text, {});
  return tokens.flatMap((token, i) => (token.type === 'heading_open' ? [anchorOf(tokens[i + 1]!.content)] : []));
};

describe('the README', () => {
  it('names only npm scripts that exist', () => {
    const named = [...README.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !SCRIPTS.includes(name))).toEqual([]);
  });

  it("lists CI's checks as .ci/run runs them, in order", () => {
    const checks = README.split('\n## Checks\n')[1]?.split('```sh\n')[1]?.split('```')[0];
    const ci = read('.ci/run')
      .split('\n')
      .filter((line) => /^npm (run |test$)/.test(line));
    expect(checks?.trim().split('\n')).toEqual(ci);
  });
});

describe('the docs', () => {
  it.each(DOCS)('%s: every relative link leads to a file, and an anchor to a heading', (doc) => {
    const broken = tokensOf(read(doc))
      .filter((token) => token.type === 'link_open')
      .map((token) => String(token.attrGet('href') ?? ''))
      .filter((href) => !/^[a-z]+:/.test(href) && !href.startsWith('/'))
      .filter((href) => {
        const [path, encoded] = href.split('#');
        const anchor = encoded === undefined ? undefined : decodeURIComponent(encoded);
        const target = path ? normalize(join(dirname(doc), path)) : doc;
        if (!existsSync(target)) return true;
        return anchor !== undefined && target.endsWith('.md') && !headingsOf(read(target)).includes(anchor);
      });
    expect(broken).toEqual([]);
  });

  it.each(DOCS)('%s: every repository file it cites exists', (doc) => {
    const cited = tokensOf(read(doc))
      .filter((token) => token.type === 'code_inline')
      .map((token) => token.content)
      // A plain path; patterns and placeholders (`*`, `<slug>`, `…`) are not files.
      .filter((text) => /^(src|client|shared|scripts|test|migrations|assets|content|docs|bench)\/[\w./-]*\.\w+$/.test(text));
    // From the root, or from the folder the text is about (`shared/…` of src/newsroom/).
    expect(cited.filter((path) => !existsSync(path) && !FILES.some((file) => file.endsWith(`/${path}`)))).toEqual([]);
  });
});

describe('the decision records', () => {
  const records = readdirSync('docs/decisions').filter((name) => /^\d{3}-.+\.md$/.test(name));
  const index = read('docs/decisions/README.md');

  it('are numbered one after another and each listed in the index', () => {
    expect(records.map((name) => Number(name.slice(0, 3)))).toEqual(records.map((_, i) => i + 1));
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it.each(records)('%s has a context, a decision and consequences', (name) => {
    const headings = headingsOf(read(join('docs/decisions', name)));
    expect(headings.slice(1)).toEqual(['context', 'decision', 'consequences']);
  });
});
