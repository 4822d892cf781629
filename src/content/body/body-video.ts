import { type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import {
  UNTITLED_VIDEO,
  VIDEO_FACADE_CLASS,
  VIDEO_LABEL_PREFIX,
  VIDEO_PLAY_CLASS,
  VIDEO_TITLE_CLASS,
  videoEmbedUrl,
  videoIdOfEmbedUrl,
} from '#shared/video-embed.ts';
import { attributeRefusal } from './body-messages';
import { attributeOf, collapse, HTML_NS, type Note } from './body-parse';
import { IGNORED_EMBED_ATTRIBUTES, isAllowedAttribute } from './html-policy';

// Video embeds in a body: the site's facade drawn for each allowed one, and
// recognised again when a served body is read back (./body-html.ts walks the body).

/** An embed's title, for the facade. Screen readers announce the video by it: served with a generic one, refused by the check. */
export function embedTitle(iframe: T.Element, line: number | undefined, note: Note): string {
  const title = collapse(attributeOf(iframe, 'title') ?? '');
  if (title) return title;
  note(
    line,
    '<iframe>',
    '<iframe> sem title',
    'acrescente title="…" com o nome do vídeo (ou, no Markdown, o endereço seguido do título entre aspas): os leitores de tela o anunciam',
  );
  return UNTITLED_VIDEO;
}

/**
 * The video of a facade the site served ({@link videoFacade}), read
 * again: a link of the facade's class to a player's address. Everything else
 * about it is drawn again from the id and the title its name gives.
 */
export function facadeVideo(link: T.Element): { id: string; title: string } | null {
  if (attributeOf(link, 'class') !== VIDEO_FACADE_CLASS) return null;
  const id = videoIdOfEmbedUrl(attributeOf(link, 'href'));
  if (id === null) return null;
  const label = attributeOf(link, 'aria-label') ?? '';
  const title = label.startsWith(VIDEO_LABEL_PREFIX) ? collapse(label.slice(VIDEO_LABEL_PREFIX.length)) : '';
  return { id, title: title || UNTITLED_VIDEO };
}

/**
 * The site's own markup for a video, in place of the embed: a link to the
 * privacy-enhanced player (followed as is with JavaScript off), drawn by the
 * stylesheet as a 16:9 poster with a play button and the title, which loads
 * nothing from any other host. client/video.ts puts the player in its place
 * when the reader clicks it. Phrasing content only, so it parses the same in
 * a paragraph, a list item or a table cell.
 */
export function videoFacade(id: string, title: string): T.Element {
  const link = tree.createElement('a', HTML_NS, [
    { name: 'class', value: VIDEO_FACADE_CLASS },
    { name: 'href', value: videoEmbedUrl(id) },
    { name: 'aria-label', value: `${VIDEO_LABEL_PREFIX}${title}` },
  ]);
  const play = tree.createElement('span', HTML_NS, [
    { name: 'class', value: VIDEO_PLAY_CLASS },
    { name: 'aria-hidden', value: 'true' },
  ]);
  const caption = tree.createElement('span', HTML_NS, [{ name: 'class', value: VIDEO_TITLE_CLASS }]);
  tree.insertText(caption, title);
  tree.appendChild(link, play);
  tree.appendChild(link, caption);
  return link;
}

/** Whether a node of the output is inside a link: a facade (a link) there would nest links, which browsers take apart. */
export function insideLink(node: T.ParentNode): boolean {
  for (let at: T.ParentNode | null = node; at && tree.isElementNode(at); at = tree.getParentNode(at)) {
    if (at.tagName === 'a') return true;
  }
  return false;
}

/**
 * What an editor wrote on an embed besides its src and title: attributes of
 * the player's frame, and a query or fragment on its address, are ignored (the
 * site's own are used: shared/video-embed.ts), a warning; anything else is
 * refused as on any element.
 */
export function reportEmbed(iframe: T.Element, extra: string, line: number | undefined, note: Note): void {
  const location = iframe.sourceCodeLocation;
  for (const attribute of iframe.attrs) {
    const where = location?.attrs?.[attribute.name]?.startLine ?? line;
    if (attribute.namespace || !isAllowedAttribute('iframe', attribute.name)) {
      note(where, `${attribute.name}=`, ...attributeRefusal('iframe', attribute.name));
    } else if (IGNORED_EMBED_ATTRIBUTES.has(attribute.name) && attribute.name !== 'allowfullscreen') {
      note(
        where,
        `${attribute.name}=`,
        `${attribute.name}= em <iframe> é ignorado: o vídeo toca com as configurações do próprio site`,
        `apague ${attribute.name}=`,
        'warning',
      );
    }
  }
  if (extra) {
    note(
      location?.attrs?.src?.startLine ?? line,
      'src=',
      `"${extra.slice(0, 40)}" depois do código do vídeo é ignorado: o vídeo toca só a partir do código`,
      'escreva src="https://www.youtube-nocookie.com/embed/<código>" sem nada depois do código',
      'warning',
    );
  }
}

/**
 * Whether a parsed node is exactly `drawn` (elements, attributes in order,
 * text). Recurses only as deep as `drawn` (three levels), however deep the
 * parsed node nests.
 */
export function sameTree(node: T.ChildNode, drawn: T.ChildNode): boolean {
  if (tree.isTextNode(drawn)) return tree.isTextNode(node) && node.value === drawn.value;
  if (!tree.isElementNode(drawn) || !tree.isElementNode(node)) return false;
  return (
    node.tagName === drawn.tagName &&
    node.namespaceURI === drawn.namespaceURI &&
    node.attrs.length === drawn.attrs.length &&
    node.attrs.every(
      (attribute, i) => !attribute.namespace && attribute.name === drawn.attrs[i]!.name && attribute.value === drawn.attrs[i]!.value,
    ) &&
    node.childNodes.length === drawn.childNodes.length &&
    node.childNodes.every((child, i) => sameTree(child, drawn.childNodes[i]!))
  );
}
