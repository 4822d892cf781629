/**
 * The Autores page's photo pickers (src/newsroom/authors/AuthorsPage.tsx): the
 * picked picture's centre square drawn at the published size as WebP, put in
 * the picker in place of the file picked, and shown beside the current
 * photo, so the form sends the photo the site publishes (the worker takes no
 * other: src/newsroom/authors/author-routes.tsx). The form's buttons wait while it
 * is prepared.
 */
import { AUTHOR_PHOTO_QUALITY, AUTHOR_PHOTO_SIZE, pickedPhotoProblem } from '../../src/newsroom/shared/author-photo';
import { type Decoded, decode, drawOn, encodeWebp, partOf, scaled } from './image-encode';

function watchPhoto(input: HTMLInputElement, state: HTMLElement) {
  const form = input.form;
  const field = input.closest('.nr-field');
  const canvas = field?.querySelector('canvas');
  const current = field?.querySelector<HTMLElement>('[data-author-photo-current]');
  const buttons = form ? [...form.querySelectorAll<HTMLButtonElement>('button[type=submit]')] : [];
  const say = (text: string, refused = false) => {
    state.textContent = text;
    state.toggleAttribute('data-refused', refused);
  };
  /** The picked file is not sent: the photo stays as it was. */
  const refuse = (problem: string) => {
    input.value = '';
    if (canvas) canvas.hidden = true;
    if (current) current.hidden = false;
    say(`Foto não usada: ${problem}. A foto do site continua a mesma.`, true);
  };

  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    for (const button of buttons) button.disabled = true;
    say('Preparando a foto…');
    let picture: Decoded | null = null;
    try {
      picture = await decode(file);
      if (picture === null) return refuse('o arquivo não é uma imagem que o navegador consiga ler; use JPEG, PNG, WebP ou AVIF');
      const small = pickedPhotoProblem(picture.width, picture.height);
      if (small) return refuse(small);
      const side = Math.min(picture.width, picture.height);
      const square = scaled(partOf(picture, { width: side, height: side }), AUTHOR_PHOTO_SIZE);
      const photo = await encodeWebp(picture, square, AUTHOR_PHOTO_QUALITY);
      if (photo === null)
        return refuse('este navegador não consegue preparar a foto (WebP); use a versão atual do Chrome, Edge, Firefox ou Safari');
      const files = new DataTransfer();
      // Named after the file picked, as the picker shows it: the editor's name for it, in its new format.
      files.items.add(new File([photo], `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.webp`, { type: 'image/webp' }));
      input.files = files.files;
      if (canvas) canvas.hidden = !drawOn(canvas, picture, square);
      if (current) current.hidden = true;
      say(`Foto nova pronta (o centro, em ${AUTHOR_PHOTO_SIZE}×${AUTHOR_PHOTO_SIZE}): salve para publicá-la.`);
    } finally {
      // A phone's photo decoded is tens of megabytes: freed now, not at the next collection.
      picture?.image.close();
      for (const button of buttons) button.disabled = false;
    }
  });
}

/** Sets up every photo picker of the page (none outside the Autores page). */
export function setUpAuthorPhotos(): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type=file][data-author-photo]')) {
    const state = document.getElementById(input.dataset.authorPhoto ?? '');
    if (state) watchPhoto(input, state);
  }
}
