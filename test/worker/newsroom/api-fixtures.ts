import { contentHash } from '#src/content/index/content-hash.ts';
import { bodyKey, imageKey } from '#src/content/schema/format.ts';
import { variantFiles } from '#src/content/schema/image-variants.ts';
import { PUBLISH_PARTS, type PublishManifest } from '#src/newsroom/api/wire.ts';
import { avif, png, webp } from './media-fixtures';

/** Eighty-odd words of plain text, which the body check accepts. */
const WORDS = Array.from({ length: 90 }, (_, n) => `palavra${n}`).join(' ');

/** One article as the command prepares it, its files by key: a PNG main image of 1200×675 and its six variants. */
export function preparedArticle(slug: string, title = 'Um artigo publicado pelo comando remoto') {
  const body = `<p>${WORDS}</p>`;
  const image = png(1200, 675, slug);
  const imagemAtual = `${slug}-${contentHash(image)}.png`;
  const files = new Map<string, Uint8Array>([[imageKey(imagemAtual), image]]);
  for (const name of variantFiles(imagemAtual)) {
    const width = Number(/-(\d+)w\./.exec(name)![1]);
    const height = Math.round((width * 9) / 16);
    files.set(imageKey(name), name.endsWith('.avif') ? avif(width, height, name) : webp(width, height, name));
  }
  const item = {
    slug,
    titulo: title,
    descricao: 'Uma descrição com tamanho suficiente para o esquema do artigo aceitar sem reclamar.',
    data: '2025-05-01',
    alt: 'Sala clara com sofá e plantas',
    imagemAtual,
    htmlPath: bodyKey(slug, contentHash(body)),
  };
  const entry: PublishManifest['articles'][number] = {
    item,
    body,
    image: imageKey(imagemAtual),
    variants: variantFiles(imagemAtual).map(imageKey),
    figures: [],
  };
  return { entry, files };
}

/** A publish request's form: the manifest and every file, as the command sends it. */
export function publishForm(articles: ReturnType<typeof preparedArticle>[], options: Partial<PublishManifest> = {}): FormData {
  const manifest: PublishManifest = {
    articles: articles.map(({ entry }) => entry),
    authors: {},
    photos: [],
    replace: false,
    dryRun: false,
    ...options,
  };
  const form = new FormData();
  form.set(PUBLISH_PARTS.manifest, JSON.stringify(manifest));
  for (const { files } of articles) for (const [key, bytes] of files) form.set(PUBLISH_PARTS.file(key), new File([bytes], key));
  return form;
}
