import { autop } from '@wordpress/autop';
import { parse as parseBlocks } from '@wordpress/block-serialization-default-parser';

type ParsedBlock = ReturnType<typeof parseBlocks>[number];

/**
 * A post's stored content as the HTML WordPress shows, before shortcodes
 * (wp-shortcodes.ts): what `the_content` does up to `do_shortcode`, without
 * its typography (`wptexturize`: the site keeps quotes and dashes as
 * written).
 *
 * - A block editor post (it has `<!-- wp:… -->` comments): the blocks read by
 *   WordPress's own parser, each block's saved HTML in order, the comments
 *   left out. WordPress adds no paragraphs to such a post, except in what the
 *   block editor itself reads through `autop` (text outside any block, as a
 *   classic post opened in it has, and a Shortcode block).
 * - A classic editor post: `autop`, WordPress's paragraphs (a blank line
 *   between paragraphs, a `<br>` for a single newline, block elements left
 *   unwrapped), in the port the block editor uses.
 *
 * Blocks that save no HTML (Latest Posts, a reusable block, a form plugin's)
 * are drawn by the old site's PHP at each view: they have nothing to import,
 * and are named in `dynamic`.
 */

/** Blocks that save nothing on purpose: they are no loss. */
const EMPTY_ON_PURPOSE = new Set(['core/more', 'core/nextpage', 'core/spacer']);

/** The HTML of a post's content (see the module's comment); the names of the blocks with nothing saved go to `dynamic`. */
export function contentHtml(content: string, dynamic: Set<string>): string {
  if (!content.includes('<!-- wp:')) return autop(content);
  const parts: string[] = [];
  // Blocks nest (a column in columns in a group…): walked with a stack, however deep.
  const stack: { block: ParsedBlock; next: number; inner: number }[] = parseBlocks(content)
    .reverse()
    .map((block) => ({ block, next: 0, inner: 0 }));
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const { block } = frame;
    if (frame.next === 0 && !opened(block, parts, dynamic)) {
      stack.pop();
      continue;
    }
    if (frame.next >= block.innerContent.length) {
      stack.pop();
      parts.push('\n');
      continue;
    }
    const piece = block.innerContent[frame.next++];
    if (piece === null || piece === undefined) {
      const child = block.innerBlocks[frame.inner++];
      if (child) stack.push({ block: child, next: 0, inner: 0 });
    } else {
      parts.push(piece);
    }
  }
  return parts.join('');
}

/**
 * What a block is before its inner content: false when the block is written
 * whole here (freeform text, a Shortcode block) or has nothing to write.
 */
function opened(block: ParsedBlock, parts: string[], dynamic: Set<string>): boolean {
  const name = block.blockName;
  if (name === null || name === 'core/freeform') {
    if (block.innerHTML.trim() !== '') parts.push(autop(block.innerHTML), '\n');
    return false;
  }
  if (name === 'core/shortcode') {
    // WordPress renders a Shortcode block through wpautop.
    parts.push(autop(block.innerHTML), '\n');
    return false;
  }
  if (block.innerBlocks.length === 0 && block.innerHTML.trim() === '') {
    if (!EMPTY_ON_PURPOSE.has(name)) dynamic.add(name);
    return false;
  }
  return true;
}
