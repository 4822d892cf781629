const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * One item of a slug shard's JSON text, found without parsing the whole shard:
 * a shard holds a 256th of the archive, hundreds of items at 100,000 articles,
 * all parsed for the one item the page needs.
 * Looks for `"<slug>":{` as buildIndex (./index-build.ts) writes it (JSON.stringify, no
 * spaces) and parses just that object. Slugs have no quote or backslash, so
 * the match is a key; the caller still checks the item's own `slug`.
 * Undefined when not found this way (absent, or written differently): the
 * caller then parses the whole shard, so the answer never depends on this.
 * Kept because an A/B in `npm run bench` (row "article, another each request",
 * at 100,000 articles) shows an article the isolate has not read costs less
 * CPU with it than with the whole shard parsed
 * (docs/decisions/027-slug-shards-read-unchecked.md). An article read again
 * comes from the reader's kept entries, shard unread.
 */
export function findInShardText(json: string, slug: string): unknown {
  const key = `"${slug}":{`;
  const at = json.indexOf(key);
  if (at === -1) return undefined;
  const start = at + key.length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE) depth++;
    else if (code === CLOSE_BRACE && --depth === 0) {
      try {
        return JSON.parse(json.slice(start, i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
