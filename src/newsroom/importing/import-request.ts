import * as v from 'valibot';
import { MAX_BODY_BYTES } from '#src/content/body/html-policy.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { IMAGE_FORMATS } from '#src/content/schema/format.ts';
import { variantStem } from '#src/content/schema/image-variants.ts';
import { filesOf, manifestOf } from '../api/manifest';
import { sniffPicture } from '../media/sniff';
import { type DraftContent, storedFields } from '../shared/draft-input';
import { type ImageKind, shareImageProblem, storedProblems, variantProblem } from '../shared/image-check';
import { figuresIn, IMAGE_FIELD, isStoredFile, isStoredImage, shareImageOf, storedVariants } from '../shared/media-names';

/** Drafts in one request: a batch of the import, each with its images. */
export const MAX_IMPORT_DRAFTS = 100;
const MAX_NOTES = 50;
const MAX_NOTE_CHARS = 500;

const MANIFEST = v.object({
  origin: v.pipe(v.string(), v.url(), v.maxLength(500)),
  drafts: v.pipe(
    v.array(
      v.object({
        postId: v.pipe(v.number(), v.integer(), v.minValue(1)),
        sourceHash: v.pipe(v.string(), v.regex(/^[0-9a-f]{10,64}$/)),
        createdBy: v.pipe(v.string(), v.maxLength(254)),
        fields: v.record(v.string(), v.unknown()),
        body: v.string(),
        notes: v.pipe(v.array(v.pipe(v.string(), v.maxLength(MAX_NOTE_CHARS))), v.maxLength(MAX_NOTES)),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_IMPORT_DRAFTS),
  ),
  dryRun: v.boolean(),
});

/** A draft as the store takes it, with its post's record. */
export interface DraftToImport {
  postId: number;
  sourceHash: string;
  createdBy: string | null;
  content: DraftContent;
  notes: string[];
  /** The stored images it names: each must be in the request or already in the newsroom's bucket. */
  images: string[];
}

export type ImportDraftsRequest =
  | { origin: string; drafts: DraftToImport[]; files: Map<string, Uint8Array>; dryRun: boolean }
  | { refused: string };

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The import's drafts, read as if hostile (the import's own manifest, as the
 * publish request is: publish-request.ts): fields through the store's own
 * reader, the body within a draft's limit, every file named by the hash of its
 * bytes and judged as an upload is (format and size from its headers, each
 * variant WebP at its width), and no file that no draft names.
 */
export async function readImportDraftsRequest(form: FormData): Promise<ImportDraftsRequest> {
  const manifest = manifestOf(form, MANIFEST);
  if (!manifest) return { refused: 'o pedido não é uma importação de rascunhos que a redação entenda' };
  const { origin, drafts: given, dryRun } = manifest;
  const files = await filesOf(form);
  if (!(files instanceof Map)) return { refused: `a parte "${files.notAFile}" do pedido não é um arquivo` };
  for (const file of files.keys())
    if (!isStoredFile(file)) return { refused: `o arquivo "${file.slice(0, 100)}" não é uma imagem da redação` };
  const drafts: DraftToImport[] = [];
  const kinds = new Map<string, ImageKind>();
  for (const draft of given) {
    const what = `o post ${draft.postId}`;
    const body = draft.body.replace(/\r\n?/g, '\n');
    if (new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES)
      return { refused: `${what}: o texto passa de ${MAX_BODY_BYTES / 1024} KB` };
    const fields = storedFields(JSON.stringify(draft.fields));
    const image = fields[IMAGE_FIELD];
    const figures = figuresIn(body);
    if (image) kinds.set(image, 'principal');
    for (const figure of figures) if (!kinds.has(figure)) kinds.set(figure, 'figura');
    drafts.push({
      postId: draft.postId,
      sourceHash: draft.sourceHash,
      createdBy: EMAIL.test(draft.createdBy) ? draft.createdBy.toLowerCase() : null,
      content: { fields, body },
      notes: draft.notes,
      images: [...(image ? [image] : []), ...figures],
    });
  }
  for (const [file, bytes] of files) {
    if (!isStoredImage(file)) continue;
    const kind = kinds.get(file);
    if (!kind) return { refused: `a imagem "${file}" veio no pedido, mas nenhum rascunho a usa` };
    const problem = imageProblem(file, kind, bytes, files);
    if (problem) return { refused: `a imagem "${file}": ${problem}` };
  }
  // A variant comes only with its image, so none reaches the bucket unchecked.
  const stems = new Set([...files.keys()].filter(isStoredImage).map(variantStem));
  for (const file of files.keys()) {
    if (!isStoredImage(file) && !stems.has(file.replace(/-(?:\d+w|\d+x\d+)\.[a-z]+$/, '')))
      return { refused: `a cópia "${file}" veio no pedido sem a imagem dela` };
  }
  return { origin, drafts, files, dryRun };
}

/** What stops a stored image (and the variants sent with it) from being one a journalist could have uploaded. */
function imageProblem(file: string, kind: ImageKind, bytes: Uint8Array, files: Map<string, Uint8Array>): string | null {
  const picture = sniffPicture(bytes);
  const extension = IMAGE_FORMATS[picture.format as keyof typeof IMAGE_FORMATS]?.extensions[0];
  if (!extension || file !== `${contentHash(bytes)}.${extension}`)
    return 'o nome não é o hash do conteúdo, ou o formato não é o que o nome diz';
  const [problem] = storedProblems(kind, picture);
  if (problem) return `${problem.message}; ${problem.fix}`;
  for (const { width, file: variant } of storedVariants(file)) {
    const variantBytes = files.get(variant);
    if (!variantBytes) return `falta a cópia de ${width} px`;
    const wrong = variantProblem(kind, picture, width, sniffPicture(variantBytes));
    if (wrong) return wrong;
  }
  // A main image's share image is optional (an import made before decision 053 sends none); a figure has none.
  const share = files.get(shareImageOf(file));
  if (share === undefined) return null;
  if (kind !== 'principal') return 'veio uma cópia para compartilhar de uma imagem do texto';
  return shareImageProblem(sniffPicture(share));
}
