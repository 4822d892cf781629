import type { FieldProblem } from '../../src/newsroom/shared/field-check';
import {
  altProblem,
  crop16x9,
  formatBytes,
  formatOfMediaType,
  type ImageKind,
  isImageKind,
  maxBytes,
  needsReduction,
  type PictureFacts,
  reducedSize,
  shapeProblems,
} from '../../src/newsroom/shared/image-check';
import { FIGURE_FOLDER, figureMarkdown, IMAGE_FIELD, VARIANT_WIDTHS } from '../../src/newsroom/shared/media-names';
import { FIGURE_EVENT, type FigureUploaded, FORM, UPLOAD, XSRF_HEADER } from '../../src/newsroom/shared/names';
import { refusal, xsrfToken } from './autosave';
import { cropped, type Decoded, decode, encodeWebp, fitting } from './image-encode';

/** The variants' quality (sharp's is 72 in the editors' commands); a reduced image tries these until it fits. */
const VARIANT_QUALITY = 0.72;
const REDUCE_QUALITIES = [0.8, 0.7, 0.6, 0.5];
const NO_WEBP: FieldProblem = {
  message: 'este navegador não consegue preparar as cópias da imagem (WebP)',
  fix: 'use a versão atual do Chrome, Edge, Firefox ou Safari',
};

const UPLOAD_REFUSED = 'A imagem foi recusada (a sessão pode ter expirado): recarregue a página e envie a imagem de novo.';

const said = (problems: FieldProblem[]) => problems.map((problem) => `${problem.message}; ${problem.fix}`).join('. ');

/** The file as uploaded: itself, or past its kind's size or bytes a smaller WebP, at the best quality that fits. */
async function uploadable(kind: ImageKind, file: File, picture: Decoded, facts: PictureFacts): Promise<Blob | FieldProblem> {
  if (!needsReduction(kind, facts)) return file;
  for (const quality of REDUCE_QUALITIES) {
    const reduced = await encodeWebp(picture, fitting(picture, reducedSize(kind)), quality);
    if (reduced === null) return NO_WEBP;
    if (reduced.size <= maxBytes(kind)) return reduced;
  }
  return {
    message: `a imagem tem ${formatBytes(file.size)}, e mesmo reduzida passa de ${formatBytes(maxBytes(kind))}`,
    fix: 'exporte-a em 2400×1350 ou menos, WebP com qualidade 70–80',
  };
}

/** The readers' variants: every width, WebP; the main image cropped to exactly 16:9, a figure in its own shape. */
async function variants(kind: ImageKind, picture: Decoded): Promise<Map<number, Blob> | null> {
  const crop = kind === 'principal' ? crop16x9(picture.width, picture.height) : { width: picture.width, height: picture.height };
  const made = new Map<number, Blob>();
  for (const width of VARIANT_WIDTHS) {
    const blob = await encodeWebp(picture, cropped(picture, crop, Math.min(width, crop.width)), VARIANT_QUALITY);
    if (blob === null) return null;
    made.set(width, blob);
  }
  return made;
}

interface Uploaded {
  name: string;
  thumbnail: string;
}

/**
 * One picker (src/newsroom/pages/DraftForm.tsx, ImagePicker): a file chosen,
 * from a phone's camera roll too, or dropped on it, is checked as the
 * editors' commands check it, reduced if too large, its variants made, and
 * sent; the server checks it all again from the bytes.
 */
function setUpPicker(zone: HTMLElement, onUploaded: (kind: ImageKind, uploaded: Uploaded, alt: string) => void) {
  const kind = zone.dataset.imageUpload;
  const input = zone.querySelector<HTMLInputElement>('input[type=file]');
  const state = zone.querySelector<HTMLElement>('[data-upload-state]');
  const altInput = document.getElementById(zone.dataset.altInput ?? '');
  if (isImageKind(kind) && input !== null && state !== null && altInput instanceof HTMLInputElement)
    watchPicker({ zone, kind, input, state, altInput }, onUploaded);
}

interface Picker {
  zone: HTMLElement;
  kind: ImageKind;
  input: HTMLInputElement;
  state: HTMLElement;
  altInput: HTMLInputElement;
}

function watchPicker(
  { zone, kind, input, state, altInput }: Picker,
  onUploaded: (kind: ImageKind, uploaded: Uploaded, alt: string) => void,
) {
  /** What the picker says; a refusal in the problems' colour. */
  const say = (text: string, refused = false) => {
    state.textContent = text;
    state.toggleAttribute('data-refused', refused);
  };
  const refuse = (text: string) => say(text, true);

  async function send(file: File): Promise<void> {
    const alt = altInput.value.trim();
    const missingAlt = altProblem(alt);
    if (missingAlt) {
      refuse(said([missingAlt]));
      altInput.focus();
      return;
    }
    say('Lendo a imagem…');
    const picture = await decode(file);
    const facts: PictureFacts = {
      format: picture === null ? undefined : formatOfMediaType(file.type),
      width: picture?.width ?? 0,
      height: picture?.height ?? 0,
      bytes: file.size,
    };
    const problems = shapeProblems(kind, facts);
    if (picture === null || problems.length > 0) return refuse(`Imagem não enviada: ${said(problems)}.`);
    say('Preparando as cópias para os leitores…');
    const body = await uploadable(kind, file, picture, facts);
    const copies = await variants(kind, picture);
    if (!(body instanceof Blob)) return refuse(`Imagem não enviada: ${said([body])}.`);
    if (copies === null) return refuse(`Imagem não enviada: ${said([NO_WEBP])}.`);
    const upload = new FormData();
    upload.set(UPLOAD.kind, kind);
    upload.set(UPLOAD.alt, alt);
    upload.set(UPLOAD.file, body);
    for (const [width, blob] of copies) upload.set(UPLOAD.variant(width), blob);
    say(`Enviando (${formatBytes(body.size)})…`);
    try {
      const response = await fetch(zone.dataset.uploadTo ?? '', {
        method: 'POST',
        body: upload,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', [XSRF_HEADER]: xsrfToken() },
      });
      if (!response.ok) return refuse(await refusal(response, UPLOAD_REFUSED));
      const reduced = body === file ? '' : `, reduzida a ${formatBytes(body.size)} em WebP`;
      onUploaded(kind, (await response.json()) as Uploaded, alt);
      // The next image for the text describes itself: this one's alternative is in the text now.
      if (kind === 'figura') altInput.value = '';
      say(`Imagem enviada${reduced}.`);
    } catch {
      refuse('Não foi possível enviar agora (sem conexão?): tente de novo em instantes.');
    }
  }

  const take = (file: File | undefined) => {
    if (file) void send(file);
  };
  input.addEventListener('change', (event) => {
    // The draft's fields change once the image is sent, not when a file is picked.
    event.stopPropagation();
    take(input.files?.[0]);
    input.value = '';
  });
  input.addEventListener('input', (event) => event.stopPropagation());
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('nr-drop-over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('nr-drop-over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('nr-drop-over');
    take(event.dataTransfer?.files[0]);
  });
}

/** The edit form's image pickers: the main image names itself in the draft, an image for the text goes into the body where the cursor is. */
export function setUpImageUploads(form: HTMLFormElement): void {
  const field = form.elements.namedItem(IMAGE_FIELD);
  const thumbnail = form.querySelector<HTMLImageElement>('[data-thumbnail]');
  const body = form.elements.namedItem(FORM.body);
  const figures = form.querySelector<HTMLElement>('[data-figures]');
  const changed = (element: Element) => element.dispatchEvent(new Event('input', { bubbles: true }));
  const onUploaded = (kind: ImageKind, uploaded: Uploaded, alt: string) => {
    if (kind === 'principal' && field instanceof HTMLInputElement) {
      field.value = uploaded.name;
      if (thumbnail) {
        thumbnail.src = uploaded.thumbnail;
        thumbnail.hidden = false;
      }
      changed(field);
    } else if (kind === 'figura' && body instanceof HTMLTextAreaElement) {
      // Into the rich text editor when it shows (it cancels the event and writes the Markdown back), else as a line of the textarea.
      const detail: FigureUploaded = { alt, name: uploaded.name };
      if (body.dispatchEvent(new CustomEvent(FIGURE_EVENT, { detail, cancelable: true }))) {
        const at = body.selectionEnd;
        body.setRangeText(`\n\n${figureMarkdown(alt, uploaded.name)}\n\n`, at, at, 'end');
        changed(body);
      }
      if (figures) {
        const item = document.createElement('li');
        const image = document.createElement('img');
        image.src = uploaded.thumbnail;
        image.alt = '';
        image.width = 120;
        const code = document.createElement('code');
        code.textContent = `${FIGURE_FOLDER}${uploaded.name}`;
        item.append(image, code);
        figures.append(item);
      }
    }
  };
  for (const zone of form.querySelectorAll<HTMLElement>('[data-image-upload]')) setUpPicker(zone, onUploaded);
}
