import type { Editor } from '@tiptap/core';
import type { TitledArticle } from '../../../src/newsroom/shared/names';
import { button, element } from './controls';
import { createTitleSearch } from './title-search';

const LINK_PROBLEM =
  'use um endereço que comece com https:// (ou http://), um endereço do site que comece com /, como /noticia/…, ou escolha uma notícia da lista';

/**
 * The link panel under the toolbar: the address, checked before it is
 * applied; or words of a title, which list the site's live articles to link
 * to (`titlesUrl`: src/newsroom/links/article-titles.ts). `backToText` puts
 * the cursor back in the text once it closes.
 */
export function createLinkPanel(
  editor: Editor,
  isLinkAddress: (address: string) => boolean,
  backToText: () => void,
  titlesUrl: string | undefined,
) {
  // No `.focus()` in the chain: TipTap's focus command focuses the text again in the next animation frame,
  // writing the selection of this moment back over any move made before that frame (End pressed right
  // after Enter, on a busy phone, snapped back onto the linked words). Closing the panel focuses the text at once.
  const chain = () => editor.chain();
  const linkPanel = element('div', 'nr-ed-panel');
  linkPanel.hidden = true;
  linkPanel.setAttribute('role', 'group');
  linkPanel.setAttribute('aria-label', 'Link');
  const linkLabel = element(
    'label',
    '',
    titlesUrl
      ? 'Endereço do link (https://… ou /noticia/…), ou palavras do título de uma notícia do site'
      : 'Endereço do link (https://… ou /noticia/…)',
  );
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
  const search = titlesUrl ? createTitleSearch(titlesUrl, (found) => applyLink(found)) : null;
  linkPanel.append(linkLabel, linkInput, linkProblem, ...(search ? [search.element] : []), linkButtons);

  const closeLink = () => {
    linkPanel.hidden = true;
    linkProblem.textContent = '';
    search?.clear();
    backToText();
  };
  const openLink = () => {
    linkPanel.hidden = false;
    linkInput.value = String(editor.getAttributes('link').href ?? '');
    unlink.hidden = !editor.isActive('link');
    linkProblem.textContent = '';
    search?.clear();
    linkInput.focus();
    linkInput.select();
  };
  /** Applies the address typed, or an article picked from the list (its title the link's text when nothing is selected). */
  const applyLink = (picked?: TitledArticle) => {
    const address = picked?.endereco ?? linkInput.value.trim();
    if (!isLinkAddress(address)) {
      linkProblem.textContent = `Link não aplicado: ${LINK_PROBLEM}.`;
      linkInput.focus();
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      // Nothing selected: the article's title, or the address itself, becomes the link's text.
      chain()
        .insertContent({ type: 'text', text: picked?.titulo ?? address, marks: [{ type: 'link', attrs: { href: address } }] })
        .unsetMark('link')
        .run();
    } else chain().extendMarkRange('link').setLink({ href: address }).run();
    closeLink();
  };
  apply.addEventListener('click', () => applyLink());
  // Words that are not an address list the articles whose title has them.
  linkInput.addEventListener('input', () => {
    const typed = linkInput.value.trim();
    if (search) search.find(/^(\/|https?:)/i.test(typed) ? '' : typed);
  });
  unlink.addEventListener('click', () => {
    chain().extendMarkRange('link').unsetLink().run();
    closeLink();
  });
  cancelLink.addEventListener('click', closeLink);
  linkInput.addEventListener('keydown', (event) => {
    // Enter applies (the first article listed, when words were typed) and never submits the draft's form;
    // the down arrow goes into the list; Escape goes back to the text.
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = isLinkAddress(linkInput.value.trim()) ? undefined : search?.first();
      applyLink(first);
    } else if (event.key === 'ArrowDown' && search?.focusFirst()) {
      event.preventDefault();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeLink();
    }
  });
  return { element: linkPanel, open: openLink };
}
