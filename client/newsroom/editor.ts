/**
 * The draft body's rich text editor: a Vite entry of its own (vite.config.ts), linked by the
 * draft's form only (BodyField in src/newsroom/drafts/DraftForm.tsx), so the newsroom's other
 * pages, and never a reader's, load it. It also keeps the word count and reading time under the
 * save button following the text: they read the body with the site's Markdown reader, which only
 * this script carries.
 */
import { readingAids } from '../../src/newsroom/shared/reading-aids';
import { setUpBodyEditor } from './editor/body-editor';

const body = document.querySelector('textarea[data-body-editor]');
if (body instanceof HTMLTextAreaElement) {
  setUpBodyEditor(body);
  const reading = document.querySelector('[data-reading]');
  // The editor writes every change into the textarea and fires `input`; so does typing in the Markdown view.
  body.addEventListener('input', () => {
    if (reading) reading.textContent = readingAids(body.value).text;
  });
}
