import type { Editor } from '@tiptap/core';
import { button, element } from './controls';

const LINK_PROBLEM = 'use um endereço que comece com https:// (ou http://), ou um endereço do site que comece com /, como /noticia/…';

/**
 * The link panel under the toolbar: the address, checked before it is
 * applied. `backToText` puts the cursor back in the text once it closes.
 */
export function createLinkPanel(editor: Editor, isLinkAddress: (address: string) => boolean, backToText: () => void) {
  const chain = () => editor.chain().focus();
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

  const closeLink = () => {
    linkPanel.hidden = true;
    linkProblem.textContent = '';
    backToText();
  };
  const openLink = () => {
    linkPanel.hidden = false;
    linkInput.value = String(editor.getAttributes('link').href ?? '');
    unlink.hidden = !editor.isActive('link');
    linkProblem.textContent = '';
    linkInput.focus();
    linkInput.select();
  };
  const applyLink = () => {
    const address = linkInput.value.trim();
    if (!isLinkAddress(address)) {
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
  return { element: linkPanel, open: openLink };
}
