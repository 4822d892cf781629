import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { showSharePreview } from '../../client/newsroom/share-preview';
import { SharePreview } from '../../src/newsroom/drafts/SharePreview';
import type { DraftFields } from '../../src/newsroom/shared/draft-input';
import { cutForCard } from '../../src/newsroom/shared/share-card';

const IMAGE = '3f9a0c21bd.webp';
const LONG_TITLE = 'Apartamento de 38 m² em São Paulo ganha espaço com marcenaria sob medida e cores claras';

/** The edit page's preview as the server renders it from the saved fields, with the counters the form puts under the share texts. */
function rendered(fields: DraftFields, shareImage = false) {
  document.body.innerHTML = `${renderToStaticMarkup(<SharePreview fields={fields} host="exemplo.com.br" shareImage={shareImage} />)}
    <p data-count="tituloSocial"></p><p data-count="descricaoSocial"></p>`;
  const text = (selector: string) => document.querySelector(selector)?.textContent;
  return {
    title: (app: string) => text(`[data-share-title="${app}"]`),
    description: (app: string) => text(`[data-share-description="${app}"]`),
    image: (app: string) => document.querySelector<HTMLImageElement>(`[data-share-image="${app}"]`)!,
    noImage: (app: string) => document.querySelector<HTMLElement>(`[data-share-no-image="${app}"]`)!,
    count: (name: string) => document.querySelector<HTMLElement>(`[data-count="${name}"]`)!,
  };
}

describe("the link's preview on the edit page", () => {
  it('shows the title and summary, cut where each app cuts them, until share texts are written', () => {
    const card = rendered({
      titulo: LONG_TITLE,
      descricao: 'Marcenaria sob medida e cores claras fazem um apartamento pequeno parecer maior.',
    });
    expect(card.title('whatsapp')).toBe(cutForCard(LONG_TITLE, 65));
    expect(card.title('whatsapp')).toMatch(/^Apartamento de 38 m² em São Paulo ganha espaço com marcenaria…$/);
    expect(card.title('facebook')).toBe(LONG_TITLE);
    expect(card.description('facebook')).toMatch(/^Marcenaria sob medida/);
    expect(document.body.textContent).toContain('EXEMPLO.COM.BR');

    showSharePreview(document, {
      titulo: LONG_TITLE,
      tituloSocial: '  38 m² que parecem 60  ',
      descricaoSocial: 'Três ideias de marcenaria.',
    });
    for (const app of ['whatsapp', 'facebook', 'x']) expect(card.title(app)).toBe('38 m² que parecem 60');
    expect(card.description('whatsapp')).toBe('Três ideias de marcenaria.');
    expect(card.count('tituloSocial').textContent).toBe('20 de 60 caracteres recomendados.');
  });

  it('says when a share text passes what previews show whole, and when an empty one falls back', () => {
    const card = rendered({});
    showSharePreview(document, { tituloSocial: 'x'.repeat(61) });
    expect(card.count('tituloSocial').textContent).toBe('61 caracteres: passa dos 60 que as prévias de link mostram inteiros.');
    expect(card.count('tituloSocial').classList.contains('nr-count-over')).toBe(true);
    expect(card.count('descricaoSocial').textContent).toBe('Vazio: o link usa o resumo.');
    showSharePreview(document, { tituloSocial: 'x'.repeat(60) });
    expect(card.count('tituloSocial').classList.contains('nr-count-over')).toBe(false);
  });

  it('shows the main image once there is one, and says the site image stands in before', () => {
    const card = rendered({ titulo: 'Sem imagem ainda neste rascunho' });
    expect(card.image('whatsapp').hidden).toBe(true);
    expect(card.noImage('whatsapp').hidden).toBe(false);
    showSharePreview(document, { imagem: IMAGE });
    for (const app of ['whatsapp', 'facebook', 'x']) {
      expect(card.image(app).hidden).toBe(false);
      expect(card.image(app).getAttribute('src')).toBe('/redacao/midia/3f9a0c21bd-1200x630.webp');
      expect(card.noImage(app).hidden).toBe(true);
    }
    // A name that is not an uploaded image's is never put in a src.
    showSharePreview(document, { imagem: '../segredo.webp' });
    expect(card.image('x').hidden).toBe(true);
  });

  it('shows the saved image’s share image when the page says it has one, else its 800 px variant, and keeps to it as the form changes', () => {
    const withShare = rendered({ imagem: IMAGE }, true);
    expect(withShare.image('whatsapp').getAttribute('src')).toBe('/redacao/midia/3f9a0c21bd-1200x630.webp');
    const older = rendered({ imagem: IMAGE }, false);
    expect(older.image('whatsapp').getAttribute('src')).toBe('/redacao/midia/3f9a0c21bd-800w.webp');
    // Typing elsewhere redraws without asking for a share image the page said is not there.
    showSharePreview(document, { imagem: IMAGE, tituloSocial: 'Outro título para compartilhar' });
    expect(older.image('facebook').getAttribute('src')).toBe('/redacao/midia/3f9a0c21bd-800w.webp');
  });

  it('falls back to the 800 px variant when a chosen image’s share image does not load (an image uploaded before it was made)', () => {
    const card = rendered({});
    const chosen = 'abcdef0123.png';
    showSharePreview(document, { imagem: chosen });
    expect(card.image('x').getAttribute('src')).toBe('/redacao/midia/abcdef0123-1200x630.webp');
    card.image('x').dispatchEvent(new Event('error'));
    for (const app of ['whatsapp', 'facebook', 'x'])
      expect(card.image(app).getAttribute('src')).toBe('/redacao/midia/abcdef0123-800w.webp');
    showSharePreview(document, { imagem: chosen, titulo: 'Mais um título' });
    expect(card.image('whatsapp').getAttribute('src')).toBe('/redacao/midia/abcdef0123-800w.webp');
  });
});
