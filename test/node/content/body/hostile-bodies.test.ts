import { afterEach, describe, expect, it } from 'vitest';
import { checkBody } from '#src/checking/check-body.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { cleanPastedMarkup } from '#src/checking/pasted-markup.ts';
import { MAX_FINDINGS, readBody, settledBody } from '#src/content/body/body-html.ts';
import { bodyText } from '#src/search/document.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { COSTLY_BODIES, HOSTILE_BODIES } from '../../../fixtures/hostile-bodies';
import { articleFixture, cleanFixtures, htmlBody } from '../fixtures';

const errorsOf = (html: string) => checkBody(html, 'body.html').filter((problem) => problem.severity === 'error');

describe('the publishing check refuses every hostile body', () => {
  it.each(HOSTILE_BODIES.map((payload) => [`${payload.family}: ${payload.name}`, payload.html]))('%s', (_, html) => {
    const errors = errorsOf(htmlBody(html));
    // Only a tag that browsers ignore inside a body (<frameset>) may pass: it leaves nothing at all.
    if (errors.length === 0) expect(settledBody(html)).toBe('');
    // Each error says where and how to fix it.
    for (const error of errors) expect(error.message).toMatch(/^linha \d+: |fechamento|palavra|se encaixam|há mais/);
  });

  it('accepts the same article without the payload (the refusals above are the payloads)', () => {
    expect(errorsOf(htmlBody())).toEqual([]);
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
    expect(problems.map((problem) => problem.message)).toEqual(['linha 9001: atributo de evento onclick= em <p>']);
  });
});

describe('bodies that cost a parser far more than their size', () => {
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
          /^os navegadores montariam mais de 10\.000 (elementos|atributos nos seus elementos) com este texto \(o limite\)/,
        ),
        hint: expect.stringMatching(/^(feche|apague) /),
      },
    ]);
  });

  it("names the formatting tags left open, how many, where, and how to fix it (the issue's body on 4,001 lines)", () => {
    const html = COSTLY_BODIES[0]!.html.replaceAll('<div>x</div>', '<div>x\n</div>');
    expect(checkBody(html, 'body.html')).toEqual([
      expect.objectContaining({
        message:
          'os navegadores montariam mais de 10.000 elementos com este texto (o limite), já na linha 9 de 4.001: 8.991 deles são cópias de ' +
          '1.000 <b> não fechados (o primeiro na linha 1), que os navegadores abrem de novo em cada bloco seguinte',
        hint: 'feche cada <b> onde o texto dele termina (</b> antes do </p>, </div> ou </li> em volta)',
      }),
    ]);
  });

  it("content:check on an article folder holding the issue's body answers with its report", async () => {
    const folder = articleFixture('corpo-custoso', { body: COSTLY_BODIES[0]!.html });
    const { problems, articles } = await checkContent(folder);
    expect(articles).toEqual([]);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([
      expect.objectContaining({ field: 'body', message: expect.stringContaining('mais de 10.000 elementos') }),
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
  it(`says a repeated mistake once with its count, lists at most ${MAX_FINDINGS} findings, then how many more there are`, () => {
    // 500 refused elements (an unknown element is refused as a whole: its attributes are not reported too).
    const problems = checkBody(htmlBody('<span onclick="x()">a</span>'.repeat(500)), 'body.html');
    expect(problems).toEqual([
      expect.objectContaining({
        field: 'body: <span>',
        message: 'linha 3: <span> não é permitido num artigo (e o mesmo em mais 99 lugares adiante)',
      }),
      {
        severity: 'error',
        file: 'body.html',
        field: 'body',
        message: 'há mais 400 problema(s) no texto, não listados (400 erros, 0 avisos)',
        hint: 'corrija os de cima (o mesmo erro costuma se repetir) e rode o check de novo',
      },
    ]);
    // Different mistakes are each said: up to the first MAX_FINDINGS of them.
    const varied = checkBody(htmlBody(Array.from({ length: 150 }, (_, i) => `<x-${i}>a</x-${i}>`).join('\n')), 'body.html');
    expect(varied).toHaveLength(MAX_FINDINGS + 1);
    expect(varied.slice(0, MAX_FINDINGS).every((problem) => problem.message.startsWith('linha '))).toBe(true);
  });

  it('reports a formatting tag left open once, not once for each block a browser opens it again in', () => {
    const problems = checkBody(htmlBody(`<div><b title="negrito"></div>${'<div>x</div>'.repeat(50)}`), 'body.html');
    expect(problems.filter((problem) => problem.message.includes('<b> não foi fechado'))).toHaveLength(1);
  });
});

describe('the same hostile corpus written into index.md: converted, cleaned of pasted markup, then judged', () => {
  // What publishing does to a Markdown body (src/checking/folder/article.ts): markdown-it, the paste cleaner, then the one policy.
  const published = (markdown: string) => settledBody(cleanPastedMarkup(markdownToHtml(markdown).html).html);

  it.each(HOSTILE_BODIES.map((payload) => [`${payload.family}: ${payload.name}`, payload.html]))('%s', (_, html) => {
    const served = published(`${'Texto corrido do artigo. '.repeat(20)}\n\n${html}\n`);
    expect(readBody(served, { report: true }).findings).toEqual([]);
    expect(readBody(served).html).toBe(served);
    // Escaped payloads stay as text ("&lt;svg/onload=…&gt;"): only tags and their attributes are judged.
    expect(served).not.toMatch(
      /<[a-z][^>]*\s(?:on[a-z]+|id|name|style|srcdoc)=|<script|<img(?! src="\/thumbnails\/)|<iframe|<svg|<math|\bclass="(?!video-facade(?:-play|-title)?")/i,
    );
    for (const [, url] of served.matchAll(/\bsrc="([^"]*)"/g))
      expect(url).toMatch(/^\/thumbnails\/[a-z0-9][\w.-]*\.(?:webp|avif|jpg|png)$/);
    for (const [, href] of served.matchAll(/\bhref="([^"]*)"/g)) {
      expect(['https:', 'http:', 'mailto:', 'tel:']).toContain(
        new URL(href!.replaceAll('&amp;', '&'), 'https://casaempauta.example/noticia/a').protocol,
      );
    }
  });

  it('and the check refuses each payload, naming its line of index.md', async () => {
    // One folder per family is enough to show the lines are index.md's: the corpus itself is covered above.
    const first = new Map(HOSTILE_BODIES.map((payload) => [payload.family, payload]));
    for (const payload of first.values()) {
      const problems = checkBody(
        cleanPastedMarkup(markdownToHtml(`${'Texto corrido do artigo. '.repeat(20)}\n\n${payload.html}\n`).html).html,
        'index.md',
      );
      const errors = problems.filter((problem) => problem.severity === 'error');
      if (errors.length === 0) expect(published(payload.html)).not.toMatch(/<script|<[a-z][^>]*\son[a-z]+=/i);
      for (const error of errors) expect(error.message).toMatch(/^linha \d+: |fechamento|palavra|se encaixam|há mais/);
    }
  });
});
