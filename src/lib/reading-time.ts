/** Words per minute of spec §9. */
export const WORDS_PER_MINUTE = 200;

/**
 * Reading time in whole minutes, exactly as spec §9 defines it: tags stripped,
 * words split on whitespace, divided by 200, rounded up, at least 1; 1 with no body.
 *
 * @example readingTimeMinutes('<p>um dois três</p>') // 1
 */
export function readingTimeMinutes(html: string | null | undefined): number {
  if (!html) return 1;
  const text = html.replace(/<[^>]*>/g, ' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
