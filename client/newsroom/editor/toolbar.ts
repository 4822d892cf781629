import type { Editor } from '@tiptap/core';
import { button, element } from './controls';
import { createImagePanel, type ImageActions } from './image-panel';
import { createLinkPanel } from './link-panel';

/**
 * The body editor's buttons (pt-BR): each a real <button type="button"> at
 * least 44 px square, named for screen readers, `aria-pressed` on the ones
 * that mark the text. One stop of the Tab key, the arrows move along it (the
 * WAI-ARIA toolbar pattern). Links and images open a small panel under it
 * instead of a browser prompt.
 */
export interface ToolbarActions extends ImageActions {
  isLinkAddress: (address: string) => boolean;
  /** Where the link panel lists the site's articles by words of their title; without it, addresses only. */
  titlesUrl?: string;
  /** Switches between the editor and the Markdown textarea; whether the Markdown shows now. */
  toggleMarkdown: () => boolean;
}

interface Button {
  text: string;
  name: string;
  keys?: string;
  run: () => void;
  pressed?: () => boolean;
  enabled?: () => boolean;
}

/** Apple's keyboards: TipTap's `Mod` is ⌘ there, Ctrl elsewhere. */
const onApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** A shortcut as the journalist's keyboard names it: "Ctrl+Alt+2", or "⌘⌥2" on a Mac. */
export function shownKeys(keys: string, apple = onApple): string {
  if (!apple) return keys.replace('Control', 'Ctrl');
  const symbols: Record<string, string> = { Control: '⌘', Alt: '⌥', Shift: '⇧' };
  return keys
    .split('+')
    .map((key) => symbols[key] ?? key)
    .join('');
}

export function toolbar(editor: Editor, actions: ToolbarActions) {
  const root = element('div', 'nr-ed-tools');
  const bar = element('div', 'nr-ed-toolbar');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Formatação do texto');
  const chain = () => editor.chain().focus();
  const inTable = () => editor.isActive('table');
  let markdown = false;
  // Back to the text at once: TipTap's focus command waits for the next frame, and a key typed before it would be lost.
  const backToText = () => editor.view.focus();
  const { element: linkPanel, open: showLink } = createLinkPanel(editor, actions.isLinkAddress, backToText, actions.titlesUrl);
  const { element: imagePanel, open: showImages } = createImagePanel(actions, backToText);
  const openLink = () => {
    if (markdown) return;
    imagePanel.hidden = true;
    showLink();
  };
  const openImages = () => {
    if (markdown) return;
    linkPanel.hidden = true;
    showImages();
  };

  const BUTTONS: Button[] = [
    { text: 'N', name: 'Negrito', keys: 'Control+B', run: () => chain().toggleBold().run(), pressed: () => editor.isActive('bold') },
    { text: 'I', name: 'Itálico', keys: 'Control+I', run: () => chain().toggleItalic().run(), pressed: () => editor.isActive('italic') },
    { text: 'Link', name: 'Link', keys: 'Control+K', run: openLink, pressed: () => editor.isActive('link') },
    {
      text: 'T2',
      name: 'Intertítulo',
      keys: 'Control+Alt+2',
      run: () => chain().toggleHeading({ level: 2 }).run(),
      pressed: () => editor.isActive('heading', { level: 2 }),
    },
    {
      text: 'T3',
      name: 'Intertítulo menor',
      keys: 'Control+Alt+3',
      run: () => chain().toggleHeading({ level: 3 }).run(),
      pressed: () => editor.isActive('heading', { level: 3 }),
    },
    {
      text: '• Lista',
      name: 'Lista',
      keys: 'Control+Shift+8',
      run: () => chain().toggleBulletList().run(),
      pressed: () => editor.isActive('bulletList'),
    },
    {
      text: '1. Lista',
      name: 'Lista numerada',
      keys: 'Control+Shift+7',
      run: () => chain().toggleOrderedList().run(),
      pressed: () => editor.isActive('orderedList'),
    },
    {
      text: '“ Citação',
      name: 'Citação',
      keys: 'Control+Shift+B',
      run: () => chain().toggleBlockquote().run(),
      pressed: () => editor.isActive('blockquote'),
    },
    {
      text: 'Tabela',
      name: 'Tabela',
      run: () => chain().insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run(),
      enabled: () => !inTable(),
    },
    { text: 'Imagem', name: 'Imagem', run: openImages },
    { text: '↶', name: 'Desfazer', keys: 'Control+Z', run: () => chain().undo().run(), enabled: () => editor.can().undo() },
    { text: '↷', name: 'Refazer', keys: 'Control+Shift+Z', run: () => chain().redo().run(), enabled: () => editor.can().redo() },
  ];
  // Shown while the cursor is in a table.
  const TABLE_BUTTONS: Button[] = [
    { text: '+ Linha', name: 'Acrescentar linha', run: () => chain().addRowAfter().run() },
    { text: '+ Coluna', name: 'Acrescentar coluna', run: () => chain().addColumnAfter().run() },
    { text: '− Linha', name: 'Apagar linha', run: () => chain().deleteRow().run() },
    { text: '− Coluna', name: 'Apagar coluna', run: () => chain().deleteColumn().run() },
    { text: 'Apagar tabela', name: 'Apagar tabela', run: () => chain().deleteTable().run() },
  ];

  const made = new Map<Button, HTMLButtonElement>();
  const place = (spec: Button, parent: HTMLElement) => {
    const control = button(spec.text, spec.name);
    if (spec.keys) {
      const keys = onApple ? spec.keys.replace('Control', 'Meta') : spec.keys;
      control.setAttribute('aria-keyshortcuts', keys);
      control.title = `${spec.name} (${shownKeys(spec.keys)})`;
    } else control.title = spec.name;
    if (spec.pressed) control.setAttribute('aria-pressed', 'false');
    // A tap keeps the editor's selection: the button acts on it without taking the focus first.
    control.addEventListener('mousedown', (event) => event.preventDefault());
    control.addEventListener('click', () => spec.run());
    parent.append(control);
    made.set(spec, control);
    return control;
  };
  for (const spec of BUTTONS) place(spec, bar);
  const markdownButton = button('Markdown', 'Markdown');
  markdownButton.title = 'Mostrar o texto em Markdown, como é guardado';
  markdownButton.setAttribute('aria-pressed', 'false');
  markdownButton.addEventListener('click', () => {
    markdown = actions.toggleMarkdown();
    linkPanel.hidden = true;
    imagePanel.hidden = true;
    refresh();
  });
  bar.append(markdownButton);
  const tableTools = element('div', 'nr-ed-table-tools');
  tableTools.setAttribute('role', 'group');
  tableTools.setAttribute('aria-label', 'Tabela');
  for (const spec of TABLE_BUTTONS) place(spec, tableTools);
  bar.append(tableTools);

  /** The buttons' states after every change of the text or the cursor. */
  function refresh() {
    for (const [spec, control] of made) {
      control.disabled = markdown || (spec.enabled ? !spec.enabled() : false);
      if (spec.pressed) control.setAttribute('aria-pressed', String(!markdown && spec.pressed()));
    }
    tableTools.hidden = markdown || !inTable();
    markdownButton.setAttribute('aria-pressed', String(markdown));
    roving();
  }

  // One Tab stop: the last button used (or the first that can be used); the arrows, Home and End move along.
  let current: HTMLButtonElement | null = null;
  const usable = () =>
    [...bar.querySelectorAll<HTMLButtonElement>('button')].filter((control) => !control.disabled && !control.closest('[hidden]'));
  function roving() {
    const controls = usable();
    if (!current || !controls.includes(current)) current = controls[0] ?? null;
    for (const control of bar.querySelectorAll<HTMLButtonElement>('button')) control.tabIndex = control === current ? 0 : -1;
  }
  bar.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLButtonElement) {
      current = event.target;
      roving();
    }
  });
  bar.addEventListener('keydown', (event) => {
    const controls = usable();
    const at = current ? controls.indexOf(current) : -1;
    const next =
      event.key === 'ArrowRight'
        ? controls[(at + 1) % controls.length]
        : event.key === 'ArrowLeft'
          ? controls[(at - 1 + controls.length) % controls.length]
          : event.key === 'Home'
            ? controls[0]
            : event.key === 'End'
              ? controls[controls.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    next.focus();
  });

  editor.on('transaction', refresh);
  refresh();
  root.append(bar, linkPanel, imagePanel);
  return { element: root, openLink };
}
