import { afterEach, describe, expect, it } from 'vitest';
import { checkBody } from '../../../scripts/content/check-body';
import { checkContent } from '../../../scripts/content/check-folder';
import { MAX_FINDINGS, readBody, settledBody } from '../../../src/content/body-html';
import { bodyText } from '../../../src/search/document';
import { COSTLY_BODIES, HOSTILE_BODIES } from '../../fixtures/hostile-bodies';
import { articleFixture, body, cleanFixtures } from './fixtures';

const errorsOf = (html: string) => checkBody(html, 'body.html').filter((problem) => problem.severity === 'error');

describe('the publishing check refuses every hostile body', () => {
  it.each(HOSTILE_BODIES.map((payload) => [`${payload.family}: ${payload.name}`, payload.html]))('%s', (_, html) => {
    const errors = errorsOf(body(html));
    // Only a tag that browsers ignore inside a body (<frameset>) may pass: it leaves nothing at all.
    if (errors.length === 0) expect(settledBody(html)).toBe('');
    // Each error says where and how to fix it.
    for (const error of errors) expect(error.message).toMatch(/^line \d+: |closing tag|word\(s\)|nests elements|more problem\(s\)/);
  });

  it('accepts the same article without the payload (the refusals above are the payloads)', () => {
    expect(errorsOf(body())).toEqual([]);
  });
});

describe('what the sanitizer keeps of a hostile body', () => {
  it.each(HOSTILE_BODIES.map((payload) => [`${payload.family}: ${payload.name}`, payload.html]))('%s', (_, html) => {
    const served = settledBody(html);
    // Read again as a browser would, the output has nothing the policy refuses…
    expect(readBody(served, { report: true }).findings).toEqual([]);
    // …and is a fixed point: sanitizing it again changes nothing.
    expect(readBody(served).html).toBe(served);
    expect(served).not.toMatch(
      /javascript|vbscript|data:|onerror|onload|<script|<img(?! src="\/thumbnails\/)|<iframe|\b(?:id|name|style)=|\bclass="(?!video-facade(?:-play|-title)?")/i,
    );
    // All it may load: the site's own images (a video is a link until the reader clicks it).
    for (const [, name, value] of served.matchAll(/\b(src|srcset)="([^"]*)"/g)) {
      const urls = name === 'srcset' ? value!.split(', ').map((candidate) => candidate.split(' ')[0]!) : [value!];
      for (const url of urls) expect(url).toMatch(/^\/thumbnails\/[a-z0-9][\w.-]*\.(?:webp|avif|jpg|png)$/);
    }
  });
});

describe('checking stays linear in the size of the body', () => {
  it('reports the right line in a body near the size limit, one element per line', () => {
    const lines = Array.from({ length: 9_000 }, (_, i) => `<p>linha ${i} de texto</p>`).join('\n');
    expect(Buffer.byteLength(lines)).toBeGreaterThan(200_000);
    const problems = checkBody(`${lines}\n<p onclick="x()">fim</p>`, 'body.html');
    // Lines come from the parser's own positions (the old per-tag counting re-split the body for each tag: quadratic).
    expect(problems.map((problem) => problem.message)).toEqual(['line 9001: event handler attribute onclick= on <p>']);
  });
});

describe('bodies that cost a parser far more than their size (issue 20)', () => {
  afterEach(cleanFixtures);
  const refused = COSTLY_BODIES.filter((costly) => costly.outcome === 'refused');

  it.each(refused.map((costly) => [costly.name, costly.html]))('the check refuses %s with one error saying which limit', (_, html) => {
    const problems = checkBody(html, 'body.html');
    expect(problems).toEqual([
      {
        severity: 'error',
        file: 'body.html',
        field: 'body',
        message: expect.stringMatching(
          /^browsers would build more than 10,000 (elements|attributes on its elements) from this body \(the limit\)/,
        ),
        hint: expect.stringMatching(/^(close|remove) /),
      },
    ]);
  });

  it("names the formatting tags left open, how many, where, and how to fix it (the issue's body on 4,001 lines)", () => {
    const html = COSTLY_BODIES[0]!.html.replaceAll('<div>x</div>', '<div>x\n</div>');
    expect(checkBody(html, 'body.html')).toEqual([
      expect.objectContaining({
        message:
          'browsers would build more than 10,000 elements from this body (the limit), by line 9 of 4,001: 8,991 of them are copies of ' +
          '1,000 <b> left open (the first on line 1), which browsers open again in every block that follows',
        hint: 'close each <b> where its text ends (</b> before the </p>, </div> or </li> around it)',
      }),
    ]);
  });

  it("content:check on an article folder holding the issue's body answers with its report", async () => {
    const folder = articleFixture('corpo-custoso', { 'body.html': COSTLY_BODIES[0]!.html });
    const { problems, articles } = await checkContent(folder);
    expect(articles).toEqual([]);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([
      expect.objectContaining({ field: 'body', message: expect.stringContaining('more than 10,000 elements') }),
    ]);
  });

  it('the search indexes none of the text of a body the page refuses', () => {
    expect(bodyText(COSTLY_BODIES[0]!.html)).toBe('');
    expect(bodyText(COSTLY_BODIES.find((costly) => costly.outcome === 'served')!.html)).toContain('Texto corrido');
  });

  it.each(COSTLY_BODIES.filter((costly) => costly.outcome === 'served').map((costly) => [costly.name, costly.html]))(
    `the check reads %s to the end, listing at most ${MAX_FINDINGS} problems and a count of the rest`,
    (_, html) => {
      expect(checkBody(html, 'body.html').length).toBeLessThanOrEqual(MAX_FINDINGS + 1);
    },
  );
});

describe('a report an editor can read, however wrong the body', () => {
  it(`lists the first ${MAX_FINDINGS} problems, then how many more there are`, () => {
    // 500 refused elements (an unknown element is refused as a whole: its attributes are not reported too).
    const problems = checkBody(body('<span onclick="x()">a</span>'.repeat(500)), 'body.html');
    expect(problems).toHaveLength(MAX_FINDINGS + 1);
    expect(problems.slice(0, MAX_FINDINGS).every((problem) => problem.message.startsWith('line '))).toBe(true);
    expect(problems.at(-1)).toEqual({
      severity: 'error',
      file: 'body.html',
      field: 'body',
      message: '400 more problem(s) in the body are not listed (400 error(s), 0 warning(s))',
      hint: 'fix the ones above (the same mistake often repeats) and run the check again',
    });
  });

  it('reports a formatting tag left open once, not once for each block a browser opens it again in', () => {
    const problems = checkBody(body(`<div><b title="negrito"></div>${'<div>x</div>'.repeat(50)}`), 'body.html');
    expect(problems.filter((problem) => problem.message.includes('<b> is not closed'))).toHaveLength(1);
  });
});
