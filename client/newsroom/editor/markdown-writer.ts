import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { defaultMarkdownSerializer, MarkdownSerializer } from 'prosemirror-markdown';
import { isAddressLine } from '../../../shared/markdown-reader';

/**
 * Text the default escaping leaves that Markdown would read as something
 * else: an entity (`&copy;`) and the start of an HTML tag (`<b>`).
 */
const EXTRA_ESCAPES = /&(?=#?[A-Za-z0-9]+;)|<(?=[A-Za-z/!?])/g;

/** A table cell's content as one line of Markdown: its blocks side by side, `|` escaped. */
function cellMarkdown(serializer: MarkdownSerializer, cell: ProseMirrorNode): string {
  const parts: string[] = [];
  cell.forEach((block) => {
    parts.push(serializer.serialize(block).trim());
  });
  // A row is one line: a line break in a cell (a hard one is written "\" and a newline) becomes a space.
  return parts
    .join(' ')
    .replace(/\\?\n\s*/g, ' ')
    .replace(/(?<!\\)\|/g, '\\|');
}

/** A title in double quotes, as a link or an image writes it. */
const quotedTitle = (title: unknown) => (title ? ` "${String(title).replace(/"/g, '\\"')}"` : '');

const nodes = defaultMarkdownSerializer.nodes;
const marks = defaultMarkdownSerializer.marks;

/**
 * The editor's document → Markdown, in the forms the site reads (docs/editores.md). Lists are
 * written with `bullet` (`-` or `*`) and numbers followed by `delimiter` (`.` or `)`).
 */
const serializer = (bullet: string, delimiter: string): MarkdownSerializer =>
  new MarkdownSerializer(
    {
      paragraph(state, node) {
        // A video's or a tool's address alone in its paragraph is written as typed (escaping an "_" would hide the video).
        const only = node.childCount === 1 ? node.firstChild : null;
        if (only?.isText && only.marks.length === 0 && isAddressLine(only.text!.trim())) state.text(only.text!.trim(), false);
        else state.renderInline(node);
        state.closeBlock(node);
      },
      heading(state, node) {
        state.write(`${state.repeat('#', node.attrs.level)} `);
        state.renderInline(node, false);
        state.closeBlock(node);
      },
      blockquote: nodes.blockquote!,
      bulletList(state, node) {
        state.renderList(node, '  ', () => `${bullet} `);
      },
      orderedList(state, node) {
        const start: number = node.attrs.start ?? 1;
        const width = String(start + node.childCount - 1).length;
        state.renderList(node, state.repeat(' ', width + 2), (i) => {
          const number = String(start + i);
          return `${state.repeat(' ', width - number.length)}${number}${delimiter} `;
        });
      },
      listItem: nodes.list_item!,
      horizontalRule(state, node) {
        state.write('---');
        state.closeBlock(node);
      },
      hardBreak: nodes.hard_break!,
      text: nodes.text!,
      image(state, node) {
        const src = String(node.attrs.src ?? '');
        // An address with spaces or parentheses goes between < and >, where Markdown reads it whole.
        const address = /[\s()<>]/.test(src) ? `<${src.replace(/[<>]/g, encodeURIComponent)}>` : src;
        state.write(`![${state.esc(String(node.attrs.alt ?? ''))}](${address}${quotedTitle(node.attrs.title)})`);
        state.closeBlock(node);
      },
      footnoteRef(state, node) {
        state.write(`[^${node.attrs.label}]`);
      },
      rawMarkdown(state, node) {
        state.text(String(node.attrs.text), false);
        state.closeBlock(node);
      },
      table(state, node) {
        const rows: string[][] = [];
        node.forEach((row) => {
          const cells: string[] = [];
          row.forEach((cell) => {
            cells.push(cellMarkdown(plain, cell));
          });
          rows.push(cells);
        });
        const columns = Math.max(1, ...rows.map((row) => row.length));
        const line = (cells: readonly string[]) => `| ${Array.from({ length: columns }, (_, i) => cells[i] ?? '').join(' | ')} |`;
        const [head = [], ...body] = rows;
        state.write([line(head), line(Array.from({ length: columns }, () => '---')), ...body.map(line)].join('\n'));
        state.closeBlock(node);
      },
    },
    {
      italic: { open: '*', close: '*', mixable: true, expelEnclosingWhitespace: true },
      bold: { open: '**', close: '**', mixable: true, expelEnclosingWhitespace: true },
      strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
      link: marks.link!,
      code: marks.code!,
    },
    { escapeExtraCharacters: EXTRA_ESCAPES },
  );

const plain = serializer('-', '.');
/** For a list right after a list of its kind, which the same markers would join to it. */
const alternate = serializer('*', ')');

/**
 * Each top-level block's Markdown, by block and markers. The editor's blocks are immutable: a
 * change makes new nodes only where it happened, so a keystroke writes one block again, not the
 * whole text (the serializer's cost grows faster than the text's length: docs/newsroom-writing.md,
 * "The body editor").
 */
const written = new Map<MarkdownSerializer, WeakMap<ProseMirrorNode, string>>([
  [plain, new WeakMap()],
  [alternate, new WeakMap()],
]);

function blockMarkdown(block: ProseMirrorNode, using: MarkdownSerializer): string {
  const cache = written.get(using)!;
  let text = cache.get(block);
  if (text === undefined) {
    text = using.serialize(block.type.schema.topNodeType.create(null, block)).replace(/\s+$/, '');
    cache.set(block, text);
  }
  return text;
}

/** The editor's document as Markdown: its blocks a blank line apart, ending with one newline (an empty document gives ""). */
export function toMarkdown(doc: ProseMirrorNode): string {
  const parts: string[] = [];
  let previous: { block: ProseMirrorNode; using: MarkdownSerializer } | null = null;
  doc.forEach((block) => {
    const sameList = previous !== null && previous.block.type === block.type && /List$/.test(block.type.name);
    const using = sameList && previous?.using === plain ? alternate : plain;
    const text = blockMarkdown(block, using);
    // An empty line is nothing in Markdown: it neither shows nor separates two lists.
    if (!text) return;
    parts.push(text);
    previous = { block, using };
  });
  return parts.length > 0 ? `${parts.join('\n\n')}\n` : '';
}
