import { button, element } from './controls';

/** What the image panel does with the text's images. */
export interface ImageActions {
  /** The images uploaded for the text, to insert one again. */
  figures: () => { src: string; thumbnail: string; alt: string }[];
  insertFigure: (src: string, alt: string) => void;
  /** Takes the journalist to the form's picker to upload a new image. */
  newFigure: () => void;
}

/**
 * The image panel under the toolbar: the images already uploaded for the
 * text, or the way to upload one. `backToText` puts the cursor back in the
 * text once it closes.
 */
export function createImagePanel(actions: ImageActions, backToText: () => void) {
  const imagePanel = element('div', 'nr-ed-panel');
  imagePanel.hidden = true;
  imagePanel.setAttribute('role', 'group');
  imagePanel.setAttribute('aria-label', 'Imagem');
  const openImages = () => {
    imagePanel.replaceChildren();
    const figures = actions.figures();
    imagePanel.append(
      element('p', '', figures.length > 0 ? 'Escolha a imagem a pôr no cursor:' : 'Nenhuma imagem enviada para o texto ainda.'),
    );
    const list = element('div', 'nr-ed-figures');
    for (const figure of figures) {
      const pick = button('', `Inserir ${figure.src}`);
      const thumbnail = element('img', '');
      thumbnail.src = figure.thumbnail;
      thumbnail.alt = '';
      pick.append(thumbnail);
      pick.addEventListener('click', () => {
        imagePanel.hidden = true;
        actions.insertFigure(figure.src, figure.alt);
      });
      list.append(pick);
    }
    const upload = button('Enviar uma imagem nova', 'Enviar uma imagem nova');
    upload.addEventListener('click', () => {
      imagePanel.hidden = true;
      actions.newFigure();
    });
    const close = button('Fechar', 'Fechar');
    close.addEventListener('click', () => {
      imagePanel.hidden = true;
      backToText();
    });
    const buttons = element('div', 'nr-ed-panel-buttons');
    buttons.append(upload, close);
    imagePanel.append(list, buttons);
    imagePanel.hidden = false;
    imagePanel.querySelector('button')?.focus();
  };
  imagePanel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    imagePanel.hidden = true;
    backToText();
  });
  return { element: imagePanel, open: openImages };
}
