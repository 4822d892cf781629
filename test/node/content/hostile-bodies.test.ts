import { describe, expect, it } from 'vitest';
import { checkBody } from '../../../scripts/content/check-body';
import { readBody, settledBody } from '../../../src/content/body-html';
import { HOSTILE_BODIES } from '../../fixtures/hostile-bodies';
import { body } from './fixtures';

const errorsOf = (html: string) => checkBody(html, 'body.html').filter((problem) => problem.severity === 'error');

describe('the publishing check refuses every hostile body', () => {
  it.each(HOSTILE_BODIES.map((payload) => [`${payload.family}: ${payload.name}`, payload.html]))('%s', (_, html) => {
    const errors = errorsOf(body(html));
    // Only a tag that browsers ignore inside a body (<frameset>) may pass: it leaves nothing at all.
    if (errors.length === 0) expect(settledBody(html)).toBe('');
    // Each error says where and how to fix it.
    for (const error of errors) expect(error.message).toMatch(/^line \d+: |closing tag|word\(s\)|nests elements/);
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
