import { afterAll, describe, expect, it } from 'vitest';
import { checkBody } from '#src/checking/check-body.ts';
import type { Problem } from '#src/checking/problems.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleFixture, body, cleanFixtures, htmlBody } from '../fixtures';

afterAll(cleanFixtures);

const EMBED = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';
const TODAY = new Date(2026, 0, 1);

/** The check's problems of a body ending with `html`, on its line 4. */
const checked = (html: string) => checkBody(htmlBody(`\n${html}`), 'body.html');

/** The body's problems of one severity, as `[field] message`. */
const problems = (html: string, severity: Problem['severity']) =>
  checked(html)
    .filter((problem) => problem.severity === severity)
    .map((problem) => `[${problem.field}] ${problem.message}`);

describe("a video embed's own settings are ignored, and the check says so", () => {
  it.each([
    ['allow', 'allow="camera; microphone"'],
    ['referrerpolicy', 'referrerpolicy="unsafe-url"'],
    ['loading', 'loading="eager"'],
    ['width', 'width="560"'],
    ['height', 'height="315"'],
  ])('%s= is a warning, not an error', (name, attribute) => {
    const html = `<iframe src="${EMBED}" title="Como medir a cozinha" ${attribute}></iframe>`;
    expect(problems(html, 'error')).toEqual([]);
    expect(problems(html, 'warning')).toEqual([
      `[body: ${name}=] linha 4: ${name}= em <iframe> é ignorado: o vídeo toca com as configurações do próprio site`,
    ]);
    expect(checked(html).find((problem) => problem.severity === 'warning')!.hint).toBe(`apague ${name}=`);
  });

  it.each(['?autoplay=1', '?start=30&mute=1', '#t=30'])('a src with %s after the id is a warning', (extra) => {
    const html = `<iframe src="${EMBED}${extra}" title="Como medir a cozinha"></iframe>`;
    expect(problems(html, 'error')).toEqual([]);
    expect(problems(html, 'warning')).toEqual([
      `[body: src=] linha 4: "${extra}" depois do código do vídeo é ignorado: o vídeo toca só a partir do código`,
    ]);
  });

  it('allowfullscreen says nothing: the player always has it', () => {
    const html = `<iframe src="${EMBED}" title="Como medir a cozinha" allowfullscreen></iframe>`;
    expect(checked(html)).toEqual([]);
  });

  it('attributes refused anywhere stay errors on an embed', () => {
    const html = `<iframe src="${EMBED}" title="Vídeo" sandbox="allow-scripts" srcdoc="x" onload="x()" name="cookie"></iframe>`;
    expect(problems(html, 'error')).toEqual([
      '[body: sandbox=] linha 4: o atributo sandbox= não é permitido em <iframe>',
      '[body: srcdoc=] linha 4: o atributo srcdoc= não é permitido em <iframe>',
      '[body: onload=] linha 4: atributo de evento onload= em <iframe>',
      '[body: name=] linha 4: name= em <iframe> não é permitido',
    ]);
  });

  it('an article whose embed has only ignored settings still publishes', async () => {
    const dir = articleFixture('video-com-ajustes', {
      body: body(`<iframe src="${EMBED}?autoplay=1" title="Vídeo" allow="autoplay" width="560" height="315"></iframe>`),
    });
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(problems.map((problem) => problem.severity)).toEqual(['warning', 'warning', 'warning', 'warning']);
    expect(articles).toHaveLength(1);
  });
});

describe('what is not an allowed video', () => {
  it.each([
    'https://www.youtube-nocookie.com/embed/abc123',
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-VEx',
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-V!',
    'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE/',
    'https://www.youtube-nocookie.com/embed/',
  ])('%s: the id is not 11 letters, digits, - or _', (src) => {
    expect(problems(`<iframe src="${src}" title="Vídeo"></iframe>`, 'error')).toEqual([
      expect.stringMatching(/^\[body: <iframe>\] linha 4: <iframe> de ".*" não é um vídeo que o site aceite$/),
    ]);
  });

  it('a video inside a link: the facade is a link, and links cannot nest', () => {
    expect(problems(`<p><a href="/sobre">veja <iframe src="${EMBED}" title="Vídeo"></iframe></a></p>`, 'error')).toEqual([
      '[body: <iframe>] linha 4: um vídeo dentro de um link',
    ]);
  });

  it("markup imitating the site's facade by hand", () => {
    expect(problems(`<a class="video-facade" href="${EMBED}" onclick="x()">Vídeo</a>`, 'error')).toEqual([
      '[body: <a>] linha 4: este link imita a marcação de vídeo do próprio site',
    ]);
  });
});
