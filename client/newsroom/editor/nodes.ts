import { mergeAttributes, Node } from '@tiptap/core';
import { VIDEO_LINE } from '../../../shared/markdown-reader';
import { TOOL_LINE } from '../../../shared/tool-card';

/**
 * The editor's own nodes for what a body holds besides text (./markdown-parser.ts and
 * ./markdown-writer.ts read and write them): a figure, a footnote's mark, and Markdown the
 * editor keeps as written. Each renders plain markup (no `style`: the
 * newsroom's CSP refuses inline styles) and reads it back, so copying and
 * pasting inside the editor keeps them.
 */

/** What a block kept as written is, in the journalist's words. */
export function rawLabel(text: string): string {
  if (VIDEO_LINE.test(text.trim())) return 'Vídeo do YouTube';
  if (TOOL_LINE.test(text.trim())) return 'Cartão de ferramenta';
  if (/^\[\^[^\]]+\]:/.test(text)) return 'Nota de rodapé';
  return 'Trecho em Markdown';
}

/** Markdown the editor has no rich form for, kept exactly as written; changed in the "Markdown" view. */
export const RawMarkdown = Node.create({
  name: 'rawMarkdown',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { text: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'div[data-raw-markdown]', getAttrs: (element) => ({ text: element.querySelector('pre')?.textContent ?? '' }) }];
  },
  renderHTML({ node }) {
    const text = String(node.attrs.text);
    return [
      'div',
      { 'data-raw-markdown': '', class: 'nr-ed-raw' },
      ['span', { class: 'nr-ed-raw-label' }, `${rawLabel(text)}: para mudar, use o botão Markdown`],
      ['pre', {}, text],
    ];
  },
});

/** A footnote's mark in the text (`[^1]`); the note itself is a block kept as written. */
export const FootnoteRef = Node.create({
  name: 'footnoteRef',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes() {
    return { label: { default: '1' } };
  },
  parseHTML() {
    return [{ tag: 'sup[data-footnote]', getAttrs: (element) => ({ label: element.getAttribute('data-footnote') ?? '1' }) }];
  },
  renderHTML({ node }) {
    return ['sup', { 'data-footnote': node.attrs.label, class: 'nr-ed-footnote' }, `[${node.attrs.label}]`];
  },
});

/** Where the editor shows uploaded images from (the newsroom's media route); set by ./body-editor.ts. */
export interface FigureOptions {
  /** The displayed address of an image the body names (`imagens/<name>`), or null when there is none to show. */
  preview: (src: string) => string | null;
}

/** An image alone in its paragraph: the site's figure, its description (alt) and caption (the Markdown title). */
export const Figure = Node.create<FigureOptions>({
  name: 'image',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addOptions() {
    return { preview: () => null };
  },
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, title: { default: null } };
  },
  parseHTML() {
    // Only images of the draft (imagens/…): an image copied from another site is not the article's.
    return [
      {
        tag: 'img[src^="imagens/"]',
        getAttrs: (element) => ({
          src: element.getAttribute('src'),
          alt: element.getAttribute('alt') ?? '',
          title: element.getAttribute('title'),
        }),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
  addNodeView() {
    return ({ node, getPos, editor }) => {
      let current = node;
      const figure = document.createElement('figure');
      figure.className = 'nr-ed-figure';
      figure.contentEditable = 'false';
      const shown = this.options.preview(String(node.attrs.src ?? ''));
      if (shown) {
        const image = document.createElement('img');
        image.src = shown;
        image.alt = String(node.attrs.alt ?? '');
        figure.append(image);
      } else {
        const name = document.createElement('p');
        name.textContent = `Imagem: ${node.attrs.src}`;
        figure.append(name);
      }
      /** A field of the figure: typing in it changes that attribute of the node (one undoable step per change). */
      const field = (label: string, attribute: 'alt' | 'title') => {
        const wrapper = document.createElement('label');
        wrapper.textContent = label;
        const input = document.createElement('input');
        input.type = 'text';
        input.value = String(current.attrs[attribute] ?? '');
        input.addEventListener('input', () => {
          const at = getPos();
          if (typeof at !== 'number') return;
          editor.view.dispatch(
            editor.state.tr.setNodeMarkup(at, undefined, {
              ...current.attrs,
              [attribute]: input.value || (attribute === 'title' ? null : ''),
            }),
          );
        });
        wrapper.append(input);
        figure.append(wrapper);
        return input;
      };
      const alt = field('Descrição da imagem (para quem não a vê)', 'alt');
      const caption = field('Legenda', 'title');
      return {
        dom: figure,
        update(next) {
          if (next.type !== current.type || next.attrs.src !== current.attrs.src) return false;
          current = next;
          if (document.activeElement !== alt) alt.value = String(next.attrs.alt ?? '');
          if (document.activeElement !== caption) caption.value = String(next.attrs.title ?? '');
          return true;
        },
        // The fields are the figure's own: the editor leaves their keys and clicks to them.
        stopEvent: (event) => event.target instanceof HTMLInputElement,
        ignoreMutation: () => true,
      };
    };
  },
});
