import { checkBody } from '#src/checking/check-body.ts';
import { checkFigures } from '#src/checking/folder/figures.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { cleanPastedMarkup } from '#src/checking/pasted-markup.ts';
import { error, type Problem, warning } from '#src/checking/problems.ts';
import { figureName } from '#src/publishing/plan/figure-files.ts';

/** Enough words for the check's least (80), as a paragraph before the body under test: the constructs are what is judged. */
const FILLER = `${'Texto de abertura do artigo importado. '.repeat(20).trim()}`;
const TITLE = 'Reforma de cozinha: como planejar o layout';
const FILE = 'content/importado/index.md';

/**
 * Every problem the site's check finds in a converted body, as
 * `content:check` finds them in an article folder (src/checking/folder/
 * article.ts): the Markdown read by the site's reader (its notes), the
 * paste cleaning, the figures of imagens/ (each image named there taken to
 * exist: a 1200×800 file of its format), then the body policy.
 */
export async function siteProblems(markdown: string): Promise<Problem[]> {
  const converted = markdownToHtml(`${FILLER}\n\n${markdown}`, TITLE);
  const notes = converted.notes.map((note) =>
    (note.severity === 'error' ? error : warning)(FILE, `body: ${note.subject}`, `linha ${note.line}: ${note.message}`, note.hint),
  );
  const pasted = cleanPastedMarkup(converted.html);
  const names = [...pasted.html.matchAll(/src="([^"]+)"/g)].map((match) => figureName(match[1]!)).filter((name) => name !== null);
  const files = [...new Set(names)].map((name, index) => ({
    name,
    file: `content/importado/imagens/${name}`,
    bytes: new Uint8Array([index]),
  }));
  const formatOf = (name: string) =>
    ({ jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif' })[name.split('.').pop()!] ?? 'gif';
  let next = 0;
  const read = async () => ({ format: formatOf(files[next++ % Math.max(files.length, 1)]?.name ?? ''), width: 1200, height: 800 });
  const figured = await checkFigures('importado', files, pasted.html, FILE, read);
  return [...notes, ...figured.problems, ...checkBody(figured.body, FILE)];
}

/** The errors among {@link siteProblems}, as `field: message` (what blocks a publish). */
export async function siteErrors(markdown: string): Promise<string[]> {
  return (await siteProblems(markdown))
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.field}: ${problem.message}`);
}
