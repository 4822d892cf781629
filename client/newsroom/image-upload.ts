import type { FieldProblem } from '../../src/newsroom/shared/field-check';
import {
  altProblem,
  crop16x9,
  cutProblems,
  formatBytes,
  formatOfMediaType,
  type ImageKind,
  is16x9,
  isImageKind,
  maxBytes,
  needsReduction,
  type PictureFacts,
  reducedSize,
  shapeProblems,
} from '../../src/newsroom/shared/image-check';
import { FIGURE_FOLDER, figureMarkdown, IMAGE_FIELD, SHARE_SIZE, VARIANT_WIDTHS } from '../../src/newsroom/shared/media-names';
import { FIGURE_EVENT, type FigureUploaded, FORM, UPLOAD, XSRF_HEADER } from '../../src/newsroom/shared/names';
import { refusal, xsrfToken } from './autosave';
import { covered, type Decoded, decode, encodeWebp, fitted, type Part, partOf, scaled } from './image-encode';

/** The variants' quality (sharp's is 72 in the editors' commands); a reduced image tries these until it fits. */
const VARIANT_QUALITY = 0.72;
const REDUCE_QUALITIES = [0.8, 0.7, 0.6, 0.5];
const NO_WEBP: FieldProblem = {
  message: 'este navegador não consegue preparar as cópias da imagem (WebP)',
  fix: 'use a versão atual do Chrome, Edge, Firefox ou Safari',
};

const UPLOAD_REFUSED = 'A imagem foi recusada (a sessão pode ter expirado): recarregue a página e envie a imagem de novo.';

const said = (problems: FieldProblem[]) => problems.map((problem) => `${problem.message}; ${problem.fix}`).join('. ');

/**
 * What is published of a picture: the main image is 16:9 (cards and the
 * article's top use that shape), so one of another shape is cut to 16:9 at
 * `anchor` (partOf: 0 the top or left, 1 the bottom or right); a 16:9 one
 * within the commands' rounding, and an image for the text, are published
 * whole (the main image's copies still take its exact 16:9 centre).
 */
interface Framing {
  part: Part;
  cut: boolean;
}

function framing(kind: ImageKind, picture: Decoded, anchor: number): Framing {
  if (kind === 'figura') return { part: partOf(picture), cut: false };
  const cut = !is16x9(picture.width, picture.height);
  return { part: partOf(picture, crop16x9(picture.width, picture.height), cut ? anchor : 0.5), cut };
}

/** The file as uploaded: itself, or when cut or past its kind's size or bytes the published part as a WebP, at the best quality that fits. */
async function uploadable(
  kind: ImageKind,
  file: File,
  picture: Decoded,
  frame: Framing,
  facts: PictureFacts,
): Promise<Blob | FieldProblem> {
  if (!frame.cut && !needsReduction(kind, facts)) return file;
  for (const quality of REDUCE_QUALITIES) {
    const reduced = await encodeWebp(picture, fitted(frame.part, reducedSize(kind)), quality);
    if (reduced === null) return NO_WEBP;
    if (reduced.size <= maxBytes(kind)) return reduced;
  }
  return {
    message: `a imagem tem ${formatBytes(file.size)}, e mesmo reduzida passa de ${formatBytes(maxBytes(kind))}`,
    fix: 'exporte-a em 2400×1350 ou menos, WebP com qualidade 70–80',
  };
}

/** The readers' variants of the published part: every width, WebP, never enlarged. */
async function variants(picture: Decoded, part: Part): Promise<Map<number, Blob> | null> {
  const made = new Map<number, Blob>();
  for (const width of VARIANT_WIDTHS) {
    const blob = await encodeWebp(picture, scaled(part, Math.min(width, part.width)), VARIANT_QUALITY);
    if (blob === null) return null;
    made.set(width, blob);
  }
  return made;
}

/**
 * The main image's share image (decision 053): the centre of the published
 * 16:9 part cut to 1200×630, as sharp makes it for the commands. Figures
 * have none: link previews show only the main image.
 */
const shareImage = (picture: Decoded, part: Part) => encodeWebp(picture, covered(part, SHARE_SIZE), VARIANT_QUALITY);

/** Where a cut keeps the picture, by position (the framing buttons' order): partOf's anchor, and for each side cut the button's word and the phrase that says it. */
const ANCHORS = [0, 0.5, 1];
const CENTRE = 1;
const KEPT = {
  // A picture taller than 16:9 loses rows, a wider one columns.
  rows: [
    ['Alto', 'o alto'],
    ['Centro', 'o centro'],
    ['Base', 'a base'],
  ],
  columns: [
    ['Esquerda', 'a esquerda'],
    ['Centro', 'o centro'],
    ['Direita', 'a direita'],
  ],
} as const;
const sideCut = (picture: Decoded, part: Part) => (part.height < picture.height ? KEPT.rows : KEPT.columns);

interface Uploaded {
  name: string;
  thumbnail: string;
}

/**
 * One picker (src/newsroom/drafts/DraftForm.tsx, ImagePicker): a file chosen,
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

  // The main image's framing buttons (src/newsroom/drafts/DraftForm.tsx): shown once a picture was cut, they send it again cut elsewhere.
  const framingBox = zone.querySelector<HTMLElement>('[data-framing]');
  const framingButtons = [...(framingBox?.querySelectorAll<HTMLButtonElement>('button[data-anchor]') ?? [])];
  let picked: File | undefined;
  const showFraming = (kept: (typeof KEPT)[keyof typeof KEPT] | null, position: number) => {
    if (!framingBox) return;
    framingBox.hidden = kept === null;
    framingButtons.forEach((button, i) => {
      button.textContent = kept?.[i]?.[0] ?? '';
      button.setAttribute('aria-pressed', String(i === position));
    });
  };
  for (const [position, button] of framingButtons.entries())
    button.addEventListener('click', async () => {
      if (!picked) return;
      for (const each of framingButtons) each.disabled = true;
      await send(picked, position);
      for (const each of framingButtons) each.disabled = false;
    });

  async function send(file: File, position = CENTRE): Promise<void> {
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
    if (picture === null) return refuse(`Imagem não enviada: ${said(shapeProblems(kind, facts))}.`);
    const frame = framing(kind, picture, ANCHORS[position]!);
    // A picture to cut is judged by its 16:9 part: only a part too small is refused.
    const problems = frame.cut ? cutProblems(facts) : shapeProblems(kind, facts);
    if (problems.length > 0) {
      picture.image.close();
      return refuse(`Imagem não enviada: ${said(problems)}.`);
    }
    say(frame.cut ? 'Recortando em 16:9 e preparando as cópias para os leitores…' : 'Preparando as cópias para os leitores…');
    const body = await uploadable(kind, file, picture, frame, facts);
    const copies = await variants(picture, frame.part);
    const share = kind === 'principal' ? await shareImage(picture, frame.part) : undefined;
    // A phone's photo decoded is tens of megabytes: freed now, not at the next collection.
    picture.image.close();
    if (!(body instanceof Blob)) return refuse(`Imagem não enviada: ${said([body])}.`);
    if (copies === null || share === null) return refuse(`Imagem não enviada: ${said([NO_WEBP])}.`);
    const upload = new FormData();
    upload.set(UPLOAD.kind, kind);
    upload.set(UPLOAD.alt, alt);
    upload.set(UPLOAD.file, body);
    for (const [width, blob] of copies) upload.set(UPLOAD.variant(width), blob);
    if (share) upload.set(UPLOAD.share, share);
    say(`Enviando (${formatBytes(body.size)})…`);
    try {
      const response = await fetch(zone.dataset.uploadTo ?? '', {
        method: 'POST',
        body: upload,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', [XSRF_HEADER]: xsrfToken() },
      });
      if (!response.ok) return refuse(await refusal(response, UPLOAD_REFUSED));
      const reduced =
        body === file ? '' : frame.cut ? `, em WebP (${formatBytes(body.size)})` : `, reduzida a ${formatBytes(body.size)} em WebP`;
      onUploaded(kind, (await response.json()) as Uploaded, alt);
      // The next image for the text describes itself: this one's alternative is in the text now.
      if (kind === 'figura') altInput.value = '';
      const kept = frame.cut ? sideCut(picture, frame.part) : null;
      const where = kept ? `, recortada em 16:9 mantendo ${kept[position]![1]}` : '';
      say(`Imagem enviada${where}${reduced}.`);
      showFraming(kept, position);
    } catch {
      refuse('Não foi possível enviar agora (sem conexão?): tente de novo em instantes.');
    }
  }

  const take = (file: File | undefined) => {
    picked = file;
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
