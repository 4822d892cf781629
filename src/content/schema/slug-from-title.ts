/** The longest slug made from a title: a URL readers can still read, well under the format's 120. */
const MAX_MADE_SLUG = 80;

/**
 * A slug from a title, as an editor would write it: accents dropped, lower
 * case, words joined by hyphens, cut at a word end. Empty when the title has
 * no letter or digit. Used by `content:new` and by the newsroom's preview
 * (the address a draft will have).
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_MADE_SLUG) break;
    slug = next;
  }
  return slug === '' && words.length > 0 ? words[0]!.slice(0, MAX_MADE_SLUG) : slug;
}
