import { openLiveIndex } from '#src/content/index/live-index.ts';
import { type ContentBindings, ContentUnavailableError } from '#src/content/index/sources.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { readLiveBody } from './live-body';
import { elementsIn } from './plain-forms';

/**
 * The alt text a live article's text gives one of its figures (a published
 * file, `<slug>-<hash>.<ext>`), as readers' pages show it: what the photo
 * library offers when the figure is used again. Empty when the article, its
 * text or the image is not there now, or the image has none: the journalist
 * then writes one, as for any photo.
 */
export async function liveFigureAlt(env: ContentBindings, slug: string, file: string, now: number): Promise<string> {
  const index = await openLiveIndex(env, now);
  const entry = await index.entry(slug);
  if (entry === null) return '';
  const html = await index.body(entry.htmlPath).catch((error: unknown) => {
    // A KV failure, or a text that is not the one its key names (DamagedContentError is one of these).
    if (error instanceof ContentUnavailableError) return null;
    throw error;
  });
  const body = html === null ? null : readLiveBody(html);
  if (body === null) return '';
  const src = `/${imageKey(file)}`;
  // The parsed body is bounded by the body policy (readLiveBody); each element is visited once.
  const stack = [...elementsIn(body)];
  for (let element = stack.pop(); element; element = stack.pop()) {
    const { src: found, alt } = element.properties;
    if (element.tagName === 'img' && found === src) return typeof alt === 'string' ? alt.replace(/\s+/g, ' ').trim() : '';
    stack.push(...elementsIn(element));
  }
  return '';
}
