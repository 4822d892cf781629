import type { Editor } from '@tiptap/core';

/**
 * The body editor's buttons (pt-BR): each a real <button type="button"> at
 * least 44 px square, named for screen readers, `aria-pressed` on the ones
 * that mark the text. One stop of the Tab key, the arrows move along it (the
 * WAI-ARIA toolbar pattern). Links and images open a small panel under it
 * instead of a browser prompt.
 */

export interface ToolbarActions {
  /** The images uploaded for the text, to insert one again. */
  figures: () => { src: string; thumbnail: string; alt: string }[];
  insertFigure: (src: string, alt: string) => void;
  /** Takes the journalist to the form's picker to upload a new image. */
  newFigure: () => void;
  isLinkAddress: (address: string) => boolean;
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

const LINK_PROBLEM = 'use um endereço que comece com https:// (ou http://), ou um endereço do site que comece com /, como /noticia/…';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text) made.textContent = text;
  return made;
}

function button(text: string, name: string): HTMLButtonElement {
  const made = element('button', 'nr-ed-button', text);
  made.type = 'button';
  if (name !== text) made.setAttribute('aria-label', name);
  return made;
}

export function toolbar(editor: Editor, actions: ToolbarActions) {
  const root = element('div', 'nr-ed-tools');
  const bar = element('div', 'nr-ed-toolbar');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Formatação do texto');
  const chain = () => editor.chain().focus();
  const inTable = () => editor.isActive('table');
  let markdown = false;

  // The link panel: the address, checked before it is applied.
  const linkPanel = element('div', 'nr-ed-panel');
  linkPanel.hidden = true;
  linkPanel.setAttribute('role', 'group');
  linkPanel.setAttribute('aria-label', 'Link');
  const linkLabel = element('label', '', 'Endereço do link (https://… ou /noticia/…)');
  const linkInput = element('input', 'nr-ed-input');
  linkInput.type = 'text';
  linkInput.inputMode = 'url';
  linkInput.spellcheck = false;
  linkInput.id = 'nr-ed-link';
  linkLabel.htmlFor = linkInput.id;
  const linkProblem = element('p', 'nr-ed-problem');
  linkProblem.id = 'nr-ed-link-problem';
  linkProblem.setAttribute('aria-live', 'polite');
  linkInput.setAttribute('aria-describedby', linkProblem.id);
  const apply = button('Aplicar link', 'Aplicar link');
  const unlink = button('Tirar o link', 'Tirar o link');
  const cancelLink = button('Cancelar', 'Cancelar');
  const linkButtons = element('div', 'nr-ed-panel-buttons');
  linkButtons.append(apply, unlink, cancelLink);
  linkPanel.append(linkLabel, linkInput, linkProblem, linkButtons);

  // Back to the text at once: TipTap's focus command waits for the next frame, and a key typed before it would be lost.
  const backToText = () => editor.view.focus();
  const closeLink = () => {
    linkPanel.hidden = true;
    linkProblem.textContent = '';
    backToText();
  };
  const openLink = () => {
    if (markdown) return;
    imagePanel.hidden = true;
    linkPanel.hidden = false;
    linkInput.value = String(editor.getAttributes('link').href ?? '');
    unlink.hidden = !editor.isActive('link');
    linkProblem.textContent = '';
    linkInput.focus();
    linkInput.select();
  };
  const applyLink = () => {
    const address = linkInput.value.trim();
    if (!actions.isLinkAddress(address)) {
      linkProblem.textContent = `Link não aplicado: ${LINK_PROBLEM}.`;
      linkInput.focus();
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      chain()
        .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
        .unsetMark('link')
        .run();
    } else chain().extendMarkRange('link').setLink({ href: address }).run();
    closeLink();
  };
  apply.addEventListener('click', applyLink);
  unlink.addEventListener('click', () => {
    chain().extendMarkRange('link').unsetLink().run();
    closeLink();
  });
  cancelLink.addEventListener('click', closeLink);
  linkInput.addEventListener('keydown', (event) => {
    // Enter applies (and never submits the draft's form); Escape goes back to the text.
    if (event.key === 'Enter') {
      event.preventDefault();
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeLink();
    }
  });

  // The image panel: the images already uploaded for the text, or the way to upload one.
  const imagePanel = element('div', 'nr-ed-panel');
  imagePanel.hidden = true;
  imagePanel.setAttribute('role', 'group');
  imagePanel.setAttribute('aria-label', 'Imagem');
  const openImages = () => {
    if (markdown) return;
    linkPanel.hidden = true;
    imagePanel.replaceChildren();
    const figures = actions.figures();
    imagePanel.append(
      element('p', '', figures.length > 0 ? 'Escolha a imagem a pôr no cursor:' : 'Nenhuma imagem enviada para o texto ainda.'),
    );
    const list = element('div', 'nr-ed-figures');
    for (const figure of figures) {
      const pick = button('', `Inserir ${figure.src}`);
      const thumbnail = element('img', '');
      thumbnail.src = figure.thumbnail;
      thumbnail.alt = '';
      pick.append(thumbnail);
      pick.addEventListener('click', () => {
        imagePanel.hidden = true;
        actions.insertFigure(figure.src, figure.alt);
      });
      list.append(pick);
    }
    const upload = button('Enviar uma imagem nova', 'Enviar uma imagem nova');
    upload.addEventListener('click', () => {
      imagePanel.hidden = true;
      actions.newFigure();
    });
    const close = button('Fechar', 'Fechar');
    close.addEventListener('click', () => {
      imagePanel.hidden = true;
      backToText();
    });
    const buttons = element('div', 'nr-ed-panel-buttons');
    buttons.append(upload, close);
    imagePanel.append(list, buttons);
    imagePanel.hidden = false;
    imagePanel.querySelector('button')?.focus();
  };
  imagePanel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    imagePanel.hidden = true;
    backToText();
  });

  const BUTTONS: Button[] = [
    { text: 'N', name: 'Negrito', keys: 'Control+B', run: () => chain().toggleBold().run(), pressed: () => editor.isActive('bold') },
    { text: 'I', name: 'Itálico', keys: 'Control+I', run: () => chain().toggleItalic().run(), pressed: () => editor.isActive('italic') },
    { text: 'Link', name: 'Link', keys: 'Control+K', run: openLink, pressed: () => editor.isActive('link') },
    {
      text: 'T2',
      name: 'Intertítulo',
      run: () => chain().toggleHeading({ level: 2 }).run(),
      pressed: () => editor.isActive('heading', { level: 2 }),
    },
    {
      text: 'T3',
      name: 'Intertítulo menor',
      run: () => chain().toggleHeading({ level: 3 }).run(),
      pressed: () => editor.isActive('heading', { level: 3 }),
    },
    { text: '• Lista', name: 'Lista', run: () => chain().toggleBulletList().run(), pressed: () => editor.isActive('bulletList') },
    {
      text: '1. Lista',
      name: 'Lista numerada',
      run: () => chain().toggleOrderedList().run(),
      pressed: () => editor.isActive('orderedList'),
    },
    { text: '“ Citação', name: 'Citação', run: () => chain().toggleBlockquote().run(), pressed: () => editor.isActive('blockquote') },
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
      control.setAttribute('aria-keyshortcuts', spec.keys);
      control.title = `${spec.name} (${spec.keys.replace('Control', 'Ctrl')})`;
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
