import { Editor, Extension } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { isAddressLine } from '../../../shared/markdown-reader';
import { FIGURE_FOLDER, isStoredImage, thumbnailOf } from '../../../src/newsroom/shared/media-names';
import { FIGURE_EVENT, type FigureUploaded } from '../../../src/newsroom/shared/names';
import { editorExtensions, isLinkAddress } from './extensions';
import { markdownParser } from './markdown-parser';
import { toMarkdown } from './markdown-writer';
import { cleanPastedHtml, pastedNotes, tabSeparatedTable } from './paste';
import { shownKeys, toolbar } from './toolbar';

/**
 * The draft's body as rich text (TipTap), drawn in place of its Markdown
 * textarea (BodyField in src/newsroom/drafts/DraftForm.tsx). The textarea stays
 * the form's field: every change in the editor writes its Markdown back into it
 * and fires `input`, so the autosave, the conflict page, the preview and the
 * check read what they always read. "Markdown" shows the textarea itself;
 * coming back, the editor reads it again.
 */

/** The editor's hint: its shortcuts as the journalist's keyboard names them (⌘ on a Mac), and the Markdown button. */
const HINT = `Use os botões acima ou os atalhos ${[
  ['Control+B', 'negrito'],
  ['Control+I', 'itálico'],
  ['Control+K', 'link'],
  ['Control+Alt+2', 'intertítulo'],
  ['Control+Z', 'desfazer'],
  ['Control+Shift+Z', 'refazer'],
]
  .map(([keys, what]) => `${shownKeys(keys!)} (${what})`)
  .join(', ')}; o botão Markdown mostra o texto como ele é guardado.`;

export function setUpBodyEditor(textarea: HTMLTextAreaElement): Editor {
  const mediaPrefix = textarea.dataset.media ?? '';
  const wrapper = document.createElement('div');
  wrapper.className = 'nr-ed';
  const area = document.createElement('div');
  area.className = 'nr-ed-area';
  const pasted = document.createElement('div');
  pasted.className = 'nr-ed-pasted';
  pasted.setAttribute('role', 'status');
  const hint = document.getElementById(textarea.getAttribute('aria-describedby') ?? '');
  const markdownHint = hint?.textContent ?? '';
  const label = textarea.labels?.[0];
  if (label && !label.id) label.id = `${textarea.id}-rotulo`;

  /** The alternative text of each image uploaded in this visit, to insert it again with it. */
  const alts = new Map<string, string>();
  const shortcuts = Extension.create({
    name: 'bodyShortcuts',
    addKeyboardShortcuts: () => ({
      'Mod-k': () => {
        bar.openLink();
        return true;
      },
    }),
  });
  const extensions = [
    ...editorExtensions({
      preview: (src) => {
        const name = src.startsWith(FIGURE_FOLDER) ? src.slice(FIGURE_FOLDER.length) : '';
        return isStoredImage(name) ? `${mediaPrefix}${thumbnailOf(name)}` : null;
      },
    }),
    shortcuts,
  ];

  let parser: ReturnType<typeof markdownParser> | null = null;

  const editor = new Editor({
    element: area,
    extensions,
    // The newsroom's CSP refuses inline styles: TipTap's few rules are in newsroom.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'nr-ed-text',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-labelledby': label.id } : {}),
        ...(hint ? { 'aria-describedby': hint.id } : {}),
        spellcheck: 'true',
        lang: 'pt-BR',
      },
      transformPastedHTML(html) {
        const clean = cleanPastedHtml(html);
        const notes = pastedNotes(clean.cleaned);
        pasted.textContent = notes.length > 0 ? `Texto colado: ${notes.join('; ')}.` : '';
        return clean.html;
      },
      handlePaste(view, event) {
        const data = event.clipboardData;
        if (!data || data.types.includes('text/html')) return false;
        const table = tabSeparatedTable(data.getData('text/plain'));
        if (table === null) return false;
        // Pasted again as HTML, without this event (whose plain text would bring it back here).
        view.pasteHTML(table);
        return true;
      },
      // Plain text is read as the body's Markdown: a YouTube or a tool address alone is the video or the card, **negrito** is bold.
      clipboardTextParser(text, _context, plain) {
        if (plain && !isAddressLine(text.trim())) return Slice.maxOpen(textFragment(text));
        return Slice.maxOpen(parse(text).content);
      },
    },
  });
  const parse = (markdown: string) => {
    parser ??= markdownParser(editor.schema);
    return parser.parse(markdown);
  };
  /** Text pasted as plain text (Ctrl+Shift+V): its paragraphs, nothing read as Markdown. */
  const textFragment = (text: string) =>
    editor.schema.nodes.doc!.create(
      null,
      text
        .split(/\n{2,}/)
        .filter((part) => part.trim() !== '')
        .map((part) => editor.schema.nodes.paragraph!.create(null, editor.schema.text(part))),
    ).content;

  editor.commands.setContent(parse(textarea.value).toJSON(), { emitUpdate: false });
  editor.on('update', () => {
    textarea.value = toMarkdown(editor.state.doc);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });

  let markdownView = false;
  const bar = toolbar(editor, {
    figures: () => figuresOffered(textarea.form, alts),
    insertFigure: (src, alt) => insert(src, alt),
    newFigure: () => {
      const alt = document.getElementById('alt-figura');
      alt?.scrollIntoView({ block: 'center' });
      alt?.focus();
    },
    isLinkAddress,
    ...(textarea.dataset.titles ? { titlesUrl: textarea.dataset.titles } : {}),
    toggleMarkdown: () => {
      markdownView = !markdownView;
      if (!markdownView) editor.commands.setContent(parse(textarea.value).toJSON(), { emitUpdate: false });
      area.hidden = markdownView;
      textarea.hidden = !markdownView;
      if (hint) hint.textContent = markdownView ? markdownHint : HINT;
      (markdownView ? textarea : editor.view.dom).focus();
      return markdownView;
    },
  });

  /** Puts a figure at the cursor; an image the text already shows keeps the description it has there. */
  const insert = (src: string, alt: string) => {
    editor.state.doc.descendants((node) => {
      if (!alt && node.type.name === 'image' && node.attrs.src === src) alt = String(node.attrs.alt ?? '');
    });
    editor
      .chain()
      .focus()
      .insertContent({ type: 'image', attrs: { src, alt, title: null } })
      .run();
    // The cursor goes on past the figure (into a new line if nothing follows it): the next thing typed or inserted must not replace it.
    const { selection, doc } = editor.state;
    if (!(selection instanceof NodeSelection)) return;
    const after = selection.to;
    editor
      .chain()
      .command(({ tr }) => {
        if (!doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, editor.schema.nodes.paragraph!.create());
        tr.setSelection(TextSelection.create(tr.doc, after + 1));
        return true;
      })
      .run();
  };

  // The field's label (for the textarea) takes the journalist to the text they see.
  label?.addEventListener('click', (event) => {
    if (markdownView) return;
    event.preventDefault();
    editor.commands.focus();
  });
  wrapper.append(bar.element, area, pasted);
  textarea.before(wrapper);
  wrapper.append(textarea);
  textarea.hidden = true;
  if (hint) hint.textContent = HINT;

  // An image uploaded with the form's picker (client/newsroom/image-upload.ts) goes in at the cursor, unless the Markdown shows.
  textarea.addEventListener(FIGURE_EVENT, (event) => {
    const { alt, name } = (event as CustomEvent<FigureUploaded>).detail;
    alts.set(name, alt);
    if (markdownView) return;
    event.preventDefault();
    insert(`${FIGURE_FOLDER}${name}`, alt);
  });
  return editor;
}

/** The images uploaded for this draft's text (the form's list, src/newsroom/drafts/DraftForm.tsx), with their thumbnails. */
function figuresOffered(form: HTMLFormElement | null, alts: ReadonlyMap<string, string>) {
  const items = form?.querySelectorAll<HTMLLIElement>('[data-figures] li') ?? [];
  return [...items].flatMap((item) => {
    const src = item.querySelector('code')?.textContent ?? '';
    const thumbnail = item.querySelector('img')?.getAttribute('src') ?? '';
    if (!src.startsWith(FIGURE_FOLDER)) return [];
    return [{ src, thumbnail, alt: alts.get(src.slice(FIGURE_FOLDER.length)) ?? '' }];
  });
}
