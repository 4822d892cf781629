import type { DraftFields } from '../../src/newsroom/shared/draft-input';
import { cutForCard, isCountedField, lengthCount, SHARE_CUTS, shareCardOf } from '../../src/newsroom/shared/share-card';

/**
 * Redraws the link's preview (src/newsroom/drafts/SharePreview.tsx) and the
 * share texts' counters from the form's fields as the journalist types, with
 * the code the page was rendered with (src/newsroom/shared/share-card.ts).
 */
export function showSharePreview(root: ParentNode, fields: DraftFields): void {
  const card = shareCardOf(fields);
  for (const app of Object.keys(SHARE_CUTS) as (keyof typeof SHARE_CUTS)[]) {
    const cuts: { title: number; description?: number } = SHARE_CUTS[app];
    const title = root.querySelector(`[data-share-title="${app}"]`);
    if (title) title.textContent = cutForCard(card.title, cuts.title);
    const description = root.querySelector(`[data-share-description="${app}"]`);
    if (description && cuts.description) description.textContent = cutForCard(card.description, cuts.description);
    const image = root.querySelector(`[data-share-image="${app}"]`);
    const empty = root.querySelector(`[data-share-no-image="${app}"]`);
    if (image instanceof HTMLImageElement) {
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
