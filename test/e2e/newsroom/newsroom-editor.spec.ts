import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { photo } from '../photo';
import { newDraft } from './new-draft';

/**
 * The draft body's rich text editor (client/newsroom/editor/), on a phone with
 * a finger and on a desktop with the keyboard: what the journalist does lands
 * in the form's Markdown field, the autosave keeps it, the check accepts it and
 * the preview shows it. `npm start` opens the newsroom as its development editor.
 */

// Typing, uploading and saving take a while on a busy machine; an assertion still fails when the behaviour breaks.
test.describe.configure({ timeout: 180_000 });

const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const VIDEO = 'https://www.youtube.com/watch?v=M7lc1UVf-VE';
/** What Excel puts on the clipboard: a table of plain cells, no header cells. */
const EXCEL =
  '<html><body><!--StartFragment--><table border=0 cellpadding=0 cellspacing=0 width=256><col width=128 span=2><tr height=20><td height=20 class=xl65 width=128>Etapa</td><td class=xl65 width=128>Custo</td></tr><tr height=20><td height=20>Demolição</td><td>R$ 1.500</td></tr><!--EndFragment--></table></body></html>';
/** Enough words for the check (80 at least), typed as one paragraph. */
const WORDS = `${'A reforma da cozinha começa pelo planejamento do espaço e do orçamento disponível. '.repeat(8).trim()}`;

/** Console errors and page errors on the newsroom's pages, and requests to another host, watched from the first request. */
function watch(page: Page) {
  const problems: string[] = [];
  const newsroom = () => new URL(page.url()).pathname.startsWith('/redacao/rascunhos/') && !page.url().endsWith('/previa');
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && newsroom()) problems.push(`${page.url()}: ${message.text()}`);
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return { problems, foreign: () => requests.filter((url) => !url.startsWith(new URL(page.url()).origin)) };
}

/**
 * The text the editor itself has selected. A key the browser handles (an arrow, End) moves the
 * selection on the page, and the editor learns of it from an event that comes a moment later: a
 * shortcut pressed before that would act on the old selection, which no person types fast enough
 * to see, but a test does.
 */
const selected = (editor: Locator) =>
  editor.evaluate((element) => {
    const { state } = (element as HTMLElement & { editor: import('@tiptap/core').Editor }).editor;
    return state.doc.textBetween(state.selection.from, state.selection.to);
  });

/**
 * Holds every animation frame the page asks for, as a busy phone may. `moveToEndThenDraw()` moves the
 * cursor to the end of the text as the End key does, then, in the same task (before the editor hears of
 * the move), runs the frames held (and any they ask for). `restore()` gives the page its frames back.
 */
async function lateFrames(page: Page) {
  type Late = Window & { drawFrames?: () => void; ownFrame?: typeof requestAnimationFrame };
  await page.evaluate(() => {
    const held: FrameRequestCallback[] = [];
    const late = window as Late;
    late.ownFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => held.push(callback);
    late.drawFrames = () => {
      for (let i = 0; held.length > 0 && i < 100; i++) held.shift()!(performance.now());
    };
  });
  return {
    moveToEndThenDraw: () =>
      page.evaluate(() => {
        const walker = document.createTreeWalker(document.querySelector('[contenteditable="true"]')!, NodeFilter.SHOW_TEXT);
        let last: Node | null = null;
        while (walker.nextNode()) last = walker.currentNode;
        window.getSelection()!.collapse(last, last?.textContent?.length ?? 0);
        (window as Late).drawFrames!();
      }),
    restore: () => page.evaluate(() => (window.requestAnimationFrame = (window as Late).ownFrame!)),
  };
}

/** A paste as the browser delivers it: the clipboard's HTML (if any) and text, at the editor's cursor. */
const paste = (editor: Locator, html: string, text: string) =>
  editor.evaluate(
    (root, { html, text }) => {
      const data = new DataTransfer();
      if (html) data.setData('text/html', html);
      data.setData('text/plain', text);
      root.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { html, text },
  );

/**
 * Puts the caret in the editor's last line with a click, and waits until the editor has taken it: a
 * click's new selection reaches the editor a moment after it, so a paste dispatched at once could land
 * where the caret was. A key typed there is read with the selection, and is seen in that line.
 */
async function caretInLastLine(page: Page, editor: Locator) {
  const line = editor.locator(':scope > p').last();
  await line.click();
  await page.keyboard.type('x');
  await expect(line).toHaveText('x');
  await page.keyboard.press('Backspace');
  await expect(line).toHaveText('');
}

/**
 * The preview of the saved draft: the reader's page, and no problem in the text (an uploaded image is
 * checked under the name it will be published with).
 */
async function preview(page: Page) {
  await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);
  // From here on the reader's page, whose inline scripts the preview's CSP blocks by design (docs/newsroom.md).
  await page.getByRole('link', { name: 'Pré-visualizar a versão salva' }).click();
  await expect(page.locator('.pv-bar')).toContainText('Pré-visualização');
  await expect(page.locator('.pv-problems li').filter({ hasText: 'Texto' })).toHaveCount(0);
  return page.locator('.article-body');
}

test.describe('on a phone, with a finger', () => {
  test.use(PHONE);

  test('a journalist writes with the toolbar: bold, a link, a heading, a list, a video, an uploaded image with its caption, a table', async ({
    page,
  }) => {
    const { problems, foreign } = watch(page);
    const title = `Reforma de cozinha: por onde começar ${Date.now()}`;
    const { editor, markdown } = await newDraft(page, title, { tap: true });
    const button = (name: string) => page.getByRole('button', { name, exact: true });

    await editor.tap();
    await page.keyboard.insertText(`${WORDS} Uma palavra `);
    await button('Negrito').tap();
    await expect(button('Negrito')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.insertText('forte');
    await button('Negrito').tap();
    await page.keyboard.insertText(' e ');
    // The link's panel refuses an address that is not the web's, in words, then takes one.
    await button('Link').tap();
    const address = page.getByLabel('Endereço do link');
    await expect(address).toBeFocused();
    await address.fill('javascript:alert(1)');
    await button('Aplicar link').tap();
    await expect(page.locator('#nr-ed-link-problem')).toContainText('use um endereço que comece com https://');
    await address.fill('https://exemplo.com.br/guia');
    await button('Aplicar link').tap();
    await page.keyboard.insertText('.');
    await page.keyboard.press('Enter');
    await button('Intertítulo').tap();
    await page.keyboard.insertText('Comece pelo layout');
    await page.keyboard.press('Enter');
    await button('Lista').tap();
    await page.keyboard.insertText('a pia');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('o fogão');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A YouTube address pasted on a line of its own: the video, kept as written.
    await paste(editor, '', `${VIDEO} "Vídeo: a ordem das etapas de uma reforma"`);
    await expect(page.locator('.nr-ed-raw')).toContainText('Vídeo do YouTube');

    // An image uploaded with the form's picker goes in at the cursor, with a field for its caption.
    await page.getByLabel('Texto alternativo da imagem do texto').fill('Planta baixa da cozinha em L com a ilha');
    await page.getByLabel('Escolher ou arrastar uma imagem para o texto').setInputFiles({
      name: 'planta.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(1000, 800),
    });
    await expect(page.locator('#arquivo-figura-estado')).toContainText('Imagem enviada.');
    const figure = page.locator('.nr-ed-figure');
    await expect(figure.locator('img')).toHaveAttribute('src', /^\/redacao\/midia\/[0-9a-f]{10}-480w\.webp$/);
    await figure.getByLabel('Legenda').fill('A ilha no centro');

    // A table, from the toolbar, after the figure (the cursor went past it); its header row first, then cell by cell.
    await button('Tabela').tap();
    // The editor takes the focus back from the caption a frame later (TipTap's focus): type only once it has it.
    await expect(editor).toBeFocused();
    for (const [i, cell] of ['Etapa', 'Custo', 'Demolição', 'R$ 1.500'].entries()) {
      if (i > 0) await page.keyboard.press('Tab');
      await page.keyboard.insertText(cell);
    }
    await expect(button('Apagar tabela')).toBeVisible();

    const written = markdown;
    await expect(written).toHaveValue(/ Uma palavra \*\*forte\*\* e <https:\/\/exemplo\.com\.br\/guia>\.\n\n/);
    await expect(written).toHaveValue(/\n## Comece pelo layout\n\n- a pia\n- o fogão\n\n/);
    await expect(written).toHaveValue(new RegExp(`\\n${VIDEO.replace(/[.?]/g, '\\$&')} "Vídeo: a ordem das etapas de uma reforma"\\n\\n`));
    await expect(written).toHaveValue(/\n!\[Planta baixa da cozinha em L com a ilha\]\(imagens\/[0-9a-f]{10}\.jpg "A ilha no centro"\)\n/);
    await expect(written).toHaveValue(/\n\| Etapa \| Custo \|\n\| --- \| --- \|\n\| Demolição \| R\$ 1\.500 \|\n/);
    // Every button a finger can hit; nothing wider than the phone.
    for (const control of await page.locator('.nr-ed-button:visible').all()) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/newsroom-editor-375.png' });

    // Kept by the autosave through a reload, shown again as rich text.
    const saved = await written.inputValue();
    await expect(page.locator('[data-save-state]')).toContainText(/Versão \d+, salva em/);
    await page.reload();
    await expect(markdown).toHaveValue(saved);
    await expect(page.getByRole('heading', { level: 2, name: 'Comece pelo layout' })).toBeVisible();

    const body = await preview(page);
    await expect(body.locator('strong', { hasText: 'forte' })).toBeVisible();
    await expect(body.locator('a[href="https://exemplo.com.br/guia"]')).toBeVisible();
    await expect(body.locator('h2', { hasText: 'Comece pelo layout' })).toBeVisible();
    await expect(body.locator('ul li')).toHaveText(['a pia', 'o fogão']);
    await expect(body.locator('table th')).toHaveText(['Etapa', 'Custo']);
    await expect(body.locator('.video-facade')).toHaveCount(1);
    expect(problems).toEqual([]);
    expect(foreign()).toEqual([]);
  });
});

test.describe('on a desktop, with the keyboard', () => {
  test.use(DESKTOP);

  test('shortcuts and the toolbar by keyboard; tables pasted from Excel and as tab-separated text; a paste from Word cleaned and said', async ({
    page,
  }) => {
    const { problems, foreign } = watch(page);
    const { editor, markdown } = await newDraft(page, `Financiamento imobiliário cresce no semestre ${Date.now()}`, { tap: false });

    // The label takes the keyboard to the text.
    await page.getByText('Texto', { exact: true }).click();
    await expect(editor).toBeFocused();
    await page.keyboard.insertText(`${WORDS} Uma palavra`);
    await page.keyboard.type(' forte');
    // The editor has taken every key typed (it reads them as they come) before the selection moves.
    await expect(markdown).toHaveValue(/ Uma palavra forte\n$/);
    for (let i = 0; i < 'forte'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => selected(editor)).toBe('forte');
    await page.keyboard.press('ControlOrMeta+B');
    await expect(markdown).toHaveValue(/ Uma palavra \*\*forte\*\*\n$/);
    // At the end of the bold word, Ctrl+B again: what follows is not bold.
    await page.keyboard.press('End');
    await expect.poll(() => selected(editor)).toBe('');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' e um');
    await expect(markdown).toHaveValue(/ e um\n$/);
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => selected(editor)).toBe('um');
    await page.keyboard.press('ControlOrMeta+K');
    const address = page.getByLabel('Endereço do link');
    await expect(address).toBeFocused();
    await page.keyboard.insertText('/noticia/como-usar-o-fgts-na-compra-do-imovel');
    // The cursor moved right after the link is applied stays where it went, however late the next frame comes
    // (a busy phone): nothing waiting for a frame writes the selection of that moment back over the move.
    const frames = await lateFrames(page);
    await address.press('Enter');
    await expect(editor).toBeFocused();
    await frames.moveToEndThenDraw();
    await expect.poll(() => selected(editor)).toBe('');
    await frames.restore();
    await page.keyboard.press('Enter');
    // The toolbar: one Tab stop before the text, the arrows along it, Enter presses.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Negrito' })).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Intertítulo', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor).toBeFocused();
    await page.keyboard.type('Os números');
    await page.keyboard.press('Enter');

    await paste(editor, EXCEL, 'Etapa\tCusto\nDemolição\tR$ 1.500\n');
    await expect(editor.locator('table')).toHaveCount(1);
    // Below the table: the line the editor keeps after a table that ends the text.
    await caretInLastLine(page, editor);
    await paste(editor, '', 'Cômodo\tÁrea\nSala\t20 m²\n');
    await expect(editor.locator('table')).toHaveCount(2);
    await caretInLastLine(page, editor);
    await paste(editor, readFileSync('test/fixtures/pasted/word.html', 'utf8'), 'Financiamento imobiliário');
    await expect(page.locator('.nr-ed-pasted')).toContainText('tiradas as fontes, cores e tamanhos do Word');
    await expect(page.locator('.nr-ed-pasted')).toContainText('marcadores de lista desenhados pelo Word');

    await expect(markdown).toHaveValue(
      / Uma palavra \*\*forte\*\* e \[um\]\(\/noticia\/como-usar-o-fgts-na-compra-do-imovel\)\n\n## Os números\n\n/,
    );
    await expect(markdown).toHaveValue(/\n\| Etapa \| Custo \|\n\| --- \| --- \|\n\| Demolição \| R\$ 1\.500 \|\n/);
    await expect(markdown).toHaveValue(/\n\| Cômodo \| Área \|\n\| --- \| --- \|\n\| Sala \| 20 m² \|\n/);
    await expect(markdown).toHaveValue(/\*\*Financiamento imobiliário cresce no semestre\*\*/);
    await expect(markdown).not.toHaveValue(/<span|<o:p|Mso|&nbsp;/);
    await page.screenshot({ path: 'test-results/newsroom-editor-1280.png' });

    // The "Markdown" button shows the form's own field, and back.
    const toggle = page.getByRole('button', { name: 'Markdown' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(markdown).toBeVisible();
    await expect(page.locator('.nr-ed-text')).toBeHidden();
    await toggle.click();
    await expect(page.locator('.nr-ed-text')).toBeVisible();
    await expect(markdown).toBeHidden();

    const body = await preview(page);
    await expect(body.locator('a[href="/noticia/como-usar-o-fgts-na-compra-do-imovel"]')).toHaveText('um');
    await expect(body.locator('table')).toHaveCount(3);
    expect(problems).toEqual([]);
    expect(foreign()).toEqual([]);
  });
});
