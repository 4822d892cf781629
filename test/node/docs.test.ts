import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import MarkdownIt, { type Token } from 'markdown-it';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The documentation against the repository it describes: the commands the
 * README names exist, its list of checks is what CI runs, every link between
 * the docs leads somewhere, every file path they cite exists, and every
 * decision record is indexed and has its three parts. The comments in the
 * code are documentation too: every path they cite exists, and they say why,
 * not when (no issue numbers, no measured figures, which go stale). Docs
 * drift silently; these fail instead.
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
/** Every file name a text may cite without its folder. */
const FILE_NAMES = new Set(
  [...FILES, ...['migrations', 'content', 'docs', 'bench'].flatMap(filesIn), ...readdirSync('.')].map((file) => basename(file)),
);

/** What may be a repository path in a text: a run of path characters, not inside a longer word, path or address. */
const PATH_LIKE = /(?<![\w./@:~-])(?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\/?/g;
/** A path that starts at a folder of the repository's root: a file or a folder, which must exist. */
const ROOT_FOLDER = /^(src|client|shared|scripts|test|migrations|assets|content|docs|bench)\//;
/** A source or doc file: named by its path from anywhere, or by its name alone. */
const FILE_NAME = /\.(ts|tsx|mjs|css|sql|md)$/;
/** The paths a text cites, each with where it starts (a full stop right after one ends the sentence, not the path). */
const pathsIn = (text: string) =>
  [...text.matchAll(PATH_LIKE)]
    .map((match) => ({ path: match[0].replace(/\.+$/, ''), index: match.index }))
    .filter(({ path }) => (path.includes('/') ? ROOT_FOLDER.test(path) || FILE_NAME.test(path) : FILE_NAME.test(path)))
    // A web address without its scheme (`github.com/…`) is not a path.
    .filter(({ path }) => !/^[\w-]+\.[a-z]+\//.test(path));

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
      .flatMap((token) => {
        // A code span that is one plain path; patterns and placeholders (`*`, `<slug>`, `…`) are not files.
        if (token.type === 'code_inline') return /^[\w./-]+$/.test(token.content) ? pathsIn(token.content) : [];
        // In prose, a path from the root (`docs/speed.md`); a file's name alone there is a word of the text.
        return token.type === 'text' ? pathsIn(token.content).filter(({ path }) => ROOT_FOLDER.test(path)) : [];
      })
      // Files only: a folder a record names may be another project's, weighed against this layout (HonoX's islands folder).
      .filter(({ path }) => /\.\w+$/.test(path));
    // From the root, or from the folder the text is about (`shared/…` of src/newsroom/); a file's name alone, anywhere.
    const found = (path: string) =>
      path.includes('/') ? existsSync(path) || FILES.some((file) => file.endsWith(`/${path}`)) : FILE_NAMES.has(path);
    const lines = read(doc).split('\n');
    const missing = cited.filter(({ path }) => !found(path));
    expect(missing.map(({ path }) => `${doc}:${lines.findIndex((line) => line.includes(path)) + 1}: ${path}`)).toEqual([]);
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

/** A comment of a source file: its text without the comment marks, one line of it per line of the file. */
interface Comment {
  file: string;
  line: number;
  lines: string[];
}

/** The comments of a source file: found by Vite's parser (oxc) in TypeScript and JavaScript, so strings and JSX text are never taken for one. */
function commentsOf(file: string): Comment[] {
  const source = read(file);
  const spans = file.endsWith('.css')
    ? [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({ start: match.index, end: match.index + match[0].length }))
    : parseSync(file, source).comments;
  return spans.map(({ start, end }) => ({
    file,
    line: source.slice(0, start).split('\n').length,
    lines: source
      .slice(start, end)
      .split('\n')
      .map((line) => line.replace(/^\s*(?:\/\*+|\*+(?!\/)|\/\/+)?/, '').replace(/\*+\/\s*$/, '')),
  }));
}

/**
 * A comment as one text, its lines joined by a space, or by nothing after a
 * path cut after one of its slashes, and the line of the file where a place
 * in it lies.
 */
function proseOf({ line, lines }: Comment): { text: string; lineAt: (index: number) => number } {
  let text = '';
  const starts: number[] = [];
  for (const [i, part] of lines.entries()) {
    if (i > 0 && !/[\w.-]\/$/.test(text)) text += ' ';
    starts.push(text.length);
    text += i > 0 ? part.trimStart() : part;
  }
  return { text, lineAt: (index) => line + starts.findLastIndex((start) => start <= index) };
}

/** The source files whose comments are read: the folders' and the tools' configuration at the root. */
const SOURCES = [...FILES, ...readdirSync('.').filter((name) => name.endsWith('.config.ts'))].filter((file) =>
  /\.(ts|tsx|mjs|css)$/.test(file),
);
const COMMENTS = SOURCES.flatMap(commentsOf);

/** The paths a comment cites that lead nowhere, as `file:line: path`. */
function missingPaths(comment: Comment): string[] {
  const { text, lineAt } = proseOf(comment);
  // A code span is a path only when it is one whole (`content/<slug>/`); a command or code in one (`content content/x`) is not.
  const prose = text.replace(/`([^`]*)`/g, (span, inner: string) => (/^[\w./-]+$/.test(inner) ? ` ${inner} ` : ' '.repeat(span.length)));
  const from = dirname(comment.file);
  // From the comment's folder or any folder above it up to the root, or a package's files; a file's name alone, anywhere.
  const folders = [from, ...from.split('/').map((_, i, parts) => parts.slice(0, -i - 1).join('/') || '.'), 'node_modules'];
  const found = (path: string) =>
    path.includes('/') ? folders.some((folder) => existsSync(normalize(join(folder, path)))) : FILE_NAMES.has(path);
  return pathsIn(prose)
    .filter(({ path }) => !found(path))
    .map(({ path, index }) => `${comment.file}:${lineAt(index)}: ${path}`);
}

/*
 * A measured figure in a comment, told by its wording: a time, a size or a share in a sentence that
 * says it was measured, or a time or size given as approximate. A constant's own value or a
 * platform's limit is exact ("D1 takes statements of up to 100 KB") and passes, even beside "a busy
 * machine" or "median", which bounds and targets also say; a measurement worded otherwise slips by.
 */
/** A number with a unit of time or size, or a percentage. */
const FIGURE = /\d[\d.,]*(?:\s?(?:to|–|→)\s?\d[\d.,]*)?\s?(?:ms|µs|s|seconds?|minutes?|KB|MB|GB|KiB|MiB|kB|bytes|%)(?![\w])/;
/** Words that say a figure was measured. */
const MEASURED = /\b(?:measured|took|profile)\b/i;
/** A time or size given as approximate (`about` or `~` before the number): measured, not a constant's value or a platform's limit. */
const APPROXIMATE = /(?:~|\babout )\s?\d[\d.,]*\s?(?:ms|µs|s|seconds?|minutes?|KB|MB|GB|KiB|MiB|kB|bytes)(?![\w])/i;

/** The sentences of a comment that quote a measured figure, as `file:line: sentence`. */
function measuredFigures(comment: Comment): string[] {
  const { text, lineAt } = proseOf(comment);
  // A sentence ends at a stop followed by a space, not at the one inside `1.5` or `speed.md`.
  return [...text.matchAll(/(?:[^.;!?]|[.;!?](?!\s|$))+[.;!?]?/g)]
    .filter(([sentence]) => (FIGURE.test(sentence) && MEASURED.test(sentence)) || APPROXIMATE.test(sentence))
    .map((match) => `${comment.file}:${lineAt(match.index)}: ${match[0].trim()}`);
}

describe('the comments in the code', () => {
  it('cite only files and folders that exist', () => {
    expect(COMMENTS.length).toBeGreaterThan(1000);
    expect(COMMENTS.flatMap(missingPaths)).toEqual([]);
  });

  it('cite no issue numbers: a comment says why, and the reason stands without the history', () => {
    const cited = COMMENTS.flatMap((comment) => {
      const { text, lineAt } = proseOf(comment);
      return [...text.matchAll(/\b(?:issue|pull request|PR)\s*#?\d+|(?<![\w&])#\d+\b/gi)].map(
        (match) => `${comment.file}:${lineAt(match.index)}: ${match[0]}`,
      );
    });
    expect(cited).toEqual([]);
  });

  it('quote no measured figures: those are the bench’s and the docs’ (docs/speed.md), and go stale in a comment', () => {
    expect(COMMENTS.flatMap(measuredFigures)).toEqual([]);
  });
});
