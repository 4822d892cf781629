import type { Element, Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import type { DefaultTreeAdapterTypes as P } from 'parse5';
import { BodyTooComplexError, parseBody } from '#src/content/body/body-parse.ts';
import { MAX_DEPTH } from '#src/content/body/html-policy.ts';
import { elementsIn } from './plain-forms';

/** How many elements deep a parsed body nests. Without recursion: a body can nest deeply. */
function depthOf(fragment: P.DocumentFragment): number {
  let depth = 0;
  const stack: { node: P.ParentNode; depth: number }[] = [{ node: fragment, depth: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    depth = Math.max(depth, frame.depth);
    for (const child of frame.node.childNodes) if ('childNodes' in child) stack.push({ node: child, depth: frame.depth + 1 });
  }
  return depth;
}

/**
 * A live body's HTML, parsed as the body policy parses it (parseBody: as the
 * inside of a `<div>`, within its element and attribute limits), for
 * {@link imageSources} and {@link bodyMarkdown}. Null for a body past those
 * limits or nested deeper than the policy allows (MAX_DEPTH): no body the
 * check passed is, and the conversion recurses.
 */
export function readLiveBody(html: string): Root | null {
  let fragment: P.DocumentFragment;
  try {
    fragment = parseBody(html);
  } catch (error) {
    if (error instanceof BodyTooComplexError) return null;
    throw error;
  }
  return depthOf(fragment) > MAX_DEPTH ? null : (fromParse5(fragment) as Root);
}

/** The address of every image a body shows, each once, in order. */
export function imageSources(body: Root): string[] {
  const found = new Set<string>();
  const stack: (Element | Root)[] = [body];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const children = elementsIn(node);
    for (const child of children) if (child.tagName === 'img' && typeof child.properties.src === 'string') found.add(child.properties.src);
    stack.push(...children.reverse());
  }
  return [...found];
}
