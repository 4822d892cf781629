/**
 * The newsroom's script (its own Vite entry, loaded only by /redacao pages:
 * src/newsroom/pages/Layout.tsx). On a draft's edit page: the fields checked
 * as the journalist types, and the autosave.
 */
import { DRAFT_FORM_ID } from '../../src/newsroom/shared/names';
import { setUpAutosave } from './autosave';
import { showProblems } from './validation';

const form = document.getElementById(DRAFT_FORM_ID);
if (form instanceof HTMLFormElement) {
  setUpAutosave(form, () => showProblems(form));
}
