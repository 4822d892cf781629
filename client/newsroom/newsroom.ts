/**
 * The newsroom's script (its own Vite entry, loaded only by /redacao pages:
 * src/newsroom/layout/Layout.tsx). On a draft's edit page: the fields checked
 * as the journalist types, the page's title following the title field, the link's preview and the share texts' counters
 * following theirs, the autosave, and image uploads;
 * on the Autores page, the photo pickers.
 */
import { draftFromForm } from '../../src/newsroom/shared/draft-input';
import { UNTITLED } from '../../src/newsroom/shared/field-labels';
import { DRAFT_FORM_ID, fieldIds } from '../../src/newsroom/shared/names';
import { setUpAuthorPhotos } from './author-photo';
import { setUpAutosave } from './autosave';
import { formEntries } from './form-entries';
import { setUpImageUploads } from './image-upload';
import { showSharePreview } from './share-preview';
import { showProblems } from './validation';

const form = document.getElementById(DRAFT_FORM_ID);
if (form instanceof HTMLFormElement) {
  const title = document.getElementById(fieldIds('titulo').input);
  const heading = document.querySelector('h1');
  setUpAutosave(form, () => {
    const input = draftFromForm(formEntries(form));
    if (input.ok) {
      showProblems(input.content.fields);
      showSharePreview(form, input.content.fields);
    }
    if (title instanceof HTMLInputElement && heading) heading.textContent = title.value.trim() || UNTITLED;
  });
  setUpImageUploads(form);
}
setUpAuthorPhotos();
