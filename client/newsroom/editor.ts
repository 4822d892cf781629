/**
 * The draft body's rich text editor: a Vite entry of its own (vite.config.ts), linked by the
 * draft's form only (BodyField in src/newsroom/drafts/DraftForm.tsx), so the newsroom's other
 * pages, and never a reader's, load it.
 */
import { setUpBodyEditor } from './editor/body-editor';

const body = document.querySelector('textarea[data-body-editor]');
if (body instanceof HTMLTextAreaElement) setUpBodyEditor(body);
