import { type AnyExtension, Extension } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { EDITOR_HEADING_LEVELS } from './markdown-parser';
import { Figure, type FigureOptions, FootnoteRef, RawMarkdown } from './nodes';

/** A link's address the toolbar accepts: the web's (http, https) or a path of this site (/noticia/…). */
export function isLinkAddress(address: string): boolean {
  if (/^\/(?!\/)/.test(address)) return true;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Whether a list is tight (items without blank lines between them), kept so the Markdown written back renders the same. */
const TightLists = Extension.create({
  name: 'tightLists',
  addGlobalAttributes() {
    return [{ types: ['bulletList', 'orderedList'], attributes: { tight: { default: true, rendered: false } } }];
  },
});

// Tables without inline styles (the CSP refuses them) and without column widths, which Markdown has no way to write.
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', HTMLAttributes, ['tbody', 0]];
  },
}).configure({ resizable: false, View: null });
const withoutAlign = {
  addAttributes(this: { parent?: () => Record<string, unknown> }) {
    const { align: _align, ...rest } = this.parent?.() ?? {};
    return rest;
  },
};
const PlainHeader = TableHeader.extend(withoutAlign);
const PlainCell = TableCell.extend(withoutAlign);

/** The body editor's extensions: the schema ./markdown-parser.ts reads into and ./markdown-writer.ts writes from. */
export function editorExtensions(figure: Partial<FigureOptions> = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [...EDITOR_HEADING_LEVELS] },
      codeBlock: false,
      underline: false,
      // No automatic links: an address typed in the text stays text (a YouTube address alone on its line is the video).
      link: { autolink: false, linkOnPaste: false, openOnClick: false, isAllowedUri: (address) => isLinkAddress(address) },
    }),
    TightLists,
    PlainTable,
    TableRow,
    PlainHeader,
    PlainCell,
    Figure.configure(figure),
    FootnoteRef,
    RawMarkdown,
  ];
}
