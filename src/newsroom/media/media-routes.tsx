import type { Context } from 'hono';
import { contentHash } from '#src/content/index/content-hash.ts';
import { IMAGE_FORMATS, imageContentType } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { draftOf, mayEdit, notAllowed, notFound } from '../drafts/draft-routes';
import { messagePage } from '../layout/render';
import { LibraryStore } from '../library/library-store';
import { PATHS } from '../paths';
import type { FieldProblem } from '../shared/field-check';
import { altProblem, isImageKind, shareImageProblem, storedProblems, variantProblem } from '../shared/image-check';
import { isStoredFile, shareImageOf, storedVariants, thumbnailOf } from '../shared/media-names';
import { UPLOAD } from '../shared/names';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { getMedia, putMedia } from './media-store';
import { sniffPicture } from './sniff';

type C = Context<NewsroomEnv>;

/** Room for the largest upload: the image (1 MB at most), its three variants and its share image. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Whether a path is an image upload's, which may be larger than a form's. */
export const isUploadPath = (path: string) => /^\/redacao\/rascunhos\/[^/]+\/imagens$/.test(path);

const refuse = (c: C, problem: string) => c.json({ error: `A imagem não foi enviada: ${problem}.` }, 400);
const said = (problem: FieldProblem) => `${problem.message}; ${problem.fix}`;

const fileBytes = async (value: File | string | null) => (value instanceof File ? new Uint8Array(await value.arrayBuffer()) : null);

/**
 * An image for a draft (its main image or one for the text), with the
 * variants the browser made (docs/newsroom-writing.md, "Images"): checked again from
 * the bytes, whatever the browser said, then stored in R2 under the content
 * hash. The answer names it; the form puts that name in the draft.
 */
export const uploadImage = async (c: RouteContext<'images'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!mayEdit(c, draft)) return notAllowed(c, 'Colaboradores põem imagens só nos próprios rascunhos.');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return refuse(c, 'o envio chegou incompleto; tente de novo');
  }
  const kind = form.get(UPLOAD.kind);
  if (!isImageKind(kind)) return refuse(c, 'o pedido não disse se é a imagem principal ou uma imagem do texto');
  const alt = form.get(UPLOAD.alt);
  const altIssue = altProblem(typeof alt === 'string' ? alt : '');
  if (altIssue) return refuse(c, said(altIssue));
  const bytes = await fileBytes(form.get(UPLOAD.file));
  if (bytes === null || bytes.byteLength === 0) return refuse(c, 'nenhum arquivo veio no envio');
  const image = sniffPicture(bytes);
  const problems = storedProblems(kind, image);
  if (problems.length > 0) return refuse(c, problems.map(said).join('; '));
  const variants: { file: string; bytes: Uint8Array }[] = [];
  const name = `${contentHash(bytes)}.${IMAGE_FORMATS[image.format as keyof typeof IMAGE_FORMATS].extensions[0]}`;
  for (const { width, file } of storedVariants(name)) {
    const variant = await fileBytes(form.get(UPLOAD.variant(width)));
    if (variant === null) return refuse(c, `falta a cópia de ${width} px que o navegador prepara; recarregue a página e tente de novo`);
    const problem = variantProblem(kind, image, width, sniffPicture(variant));
    if (problem) return refuse(c, `${problem}; recarregue a página e tente de novo`);
    variants.push({ file, bytes: variant });
  }
  // Only the main image stands for the article in link previews (decision 053); a figure's upload carries none.
  if (kind === 'principal') {
    const share = await fileBytes(form.get(UPLOAD.share));
    if (share === null) return refuse(c, 'falta a cópia para compartilhar que o navegador prepara; recarregue a página e tente de novo');
    const problem = shareImageProblem(sniffPicture(share));
    if (problem) return refuse(c, `${problem}; recarregue a página e tente de novo`);
    variants.push({ file: shareImageOf(name), bytes: share });
  }
  // The library's row first: it also takes the image off the gc's waiting list before its files are stored (library/media-gc.ts).
  await new LibraryStore(c.env.DB).add({
    name,
    width: image.width,
    height: image.height,
    alt: String(alt).trim(),
    by: c.var.member.email,
    now: currentTime(),
  });
  await Promise.all([{ file: name, bytes }, ...variants].map((item) => putMedia(c.env.MEDIA, item.file, item.bytes)));
  return c.json({ name, thumbnail: PATHS.media(thumbnailOf(name)) }, 201);
};

/** An uploaded image or variant, for the newsroom's own pages (with its headers: no-store, its CSP). */
export const serveMedia = async (c: RouteContext<'media'>) => {
  const file = c.req.param('file');
  const bytes = isStoredFile(file) ? await getMedia(c.env.MEDIA, file) : null;
  if (bytes === null) return messagePage(c, 404, 'Imagem não encontrada', 'Esta imagem não existe na redação (confira o endereço).');
  return c.body(bytes.buffer as ArrayBuffer, 200, { 'Content-Type': imageContentType(file) ?? 'application/octet-stream' });
};
