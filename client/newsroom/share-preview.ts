import type { DraftFields } from '../../src/newsroom/shared/draft-input';
import { IMAGE_FIELD, shareImageOf } from '../../src/newsroom/shared/media-names';
import { cutForCard, isCountedField, lengthCount, SHARE_CUTS, shareCardOf } from '../../src/newsroom/shared/share-card';

/**
 * The main images known to have no share image (uploaded before decision
 * 053), per preview: the one the page said (`data-no-share-image`), then each
 * whose share image failed to load. A new upload always has one.
 */
const knownWithout = new WeakMap<object, Set<string>>();

function withoutShareImage(root: ParentNode): Set<string> {
  const section = root.querySelector<HTMLElement>('[data-share-preview]');
  const key = section ?? root;
  let names = knownWithout.get(key);
  if (names === undefined) {
    const said = section?.dataset.noShareImage;
    names = new Set(said ? [said] : []);
    knownWithout.set(key, names);
  }
  return names;
}

/** Latest fields per preview, for redrawing when a share image turns out to be missing. */
const latest = new WeakMap<ParentNode, DraftFields>();
const watched = new WeakSet<HTMLImageElement>();

/** A card's image that fails to load as a share image is drawn again from the 800 px variant (once per image: it is remembered). */
function watchShareImage(root: ParentNode, image: HTMLImageElement, fields: DraftFields) {
  latest.set(root, fields);
  if (watched.has(image)) return;
  watched.add(image);
  image.addEventListener('error', () => {
    const current = latest.get(root);
    const name = current?.[IMAGE_FIELD];
    if (current === undefined || typeof name !== 'string' || !image.src.endsWith(shareImageOf(name))) return;
    withoutShareImage(root).add(name);
    showSharePreview(root, current);
  });
}

/**
 * Redraws the link's preview (src/newsroom/drafts/SharePreview.tsx) and the
 * share texts' counters from the form's fields as the journalist types, with
 * the code the page was rendered with (src/newsroom/shared/share-card.ts).
 */
export function showSharePreview(root: ParentNode, fields: DraftFields): void {
  const without = withoutShareImage(root);
  const card = shareCardOf(fields, (image) => !without.has(image));
  for (const app of Object.keys(SHARE_CUTS) as (keyof typeof SHARE_CUTS)[]) {
    const cuts: { title: number; description?: number } = SHARE_CUTS[app];
    const title = root.querySelector(`[data-share-title="${app}"]`);
    if (title) title.textContent = cutForCard(card.title, cuts.title);
    const description = root.querySelector(`[data-share-description="${app}"]`);
    if (description && cuts.description) description.textContent = cutForCard(card.description, cuts.description);
    const image = root.querySelector(`[data-share-image="${app}"]`);
    const empty = root.querySelector(`[data-share-no-image="${app}"]`);
    if (image instanceof HTMLImageElement) {
      watchShareImage(root, image, fields);
      if (card.image !== null && image.getAttribute('src') !== card.image) image.src = card.image;
      image.hidden = card.image === null;
    }
    if (empty instanceof HTMLElement) empty.hidden = card.image !== null;
  }
  for (const counter of root.querySelectorAll<HTMLElement>('[data-count]')) {
    const name = counter.dataset.count ?? '';
    if (!isCountedField(name)) continue;
    const value = fields[name];
    const count = lengthCount(name, typeof value === 'string' ? value : '');
    if (counter.textContent !== count.text) counter.textContent = count.text;
    counter.classList.toggle('nr-count-over', count.over);
  }
}
