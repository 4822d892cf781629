import { type DraftFields, FIELD_NAMES } from '../../src/newsroom/shared/draft-input';
import { fieldProblems, withPublishTime } from '../../src/newsroom/shared/field-check';
import { fieldIds } from '../../src/newsroom/shared/names';

/**
 * Judges the edit form's fields by the one article schema as the journalist
 * types, with the messages the server renders (src/newsroom/shared/field-check.ts,
 * the same code): each under its field, the control marked invalid.
 */
export function showProblems(fields: DraftFields): void {
  // An empty date publishes at the minute of the publish: no problem to show (withPublishTime).
  const problems = fieldProblems(withPublishTime(fields, Date.now()));
  for (const name of FIELD_NAMES) {
    const slot = document.getElementById(fieldIds(name).problem);
    if (!slot) continue;
    const problem = problems[name];
    slot.replaceChildren();
    if (problem) {
      slot.append(problem.message);
      if (problem.fix) {
        const fix = document.createElement('span');
        fix.className = 'nr-fix';
        fix.textContent = ` ${problem.fix}`;
        slot.append(fix);
      }
    }
    document.getElementById(fieldIds(name).input)?.setAttribute('aria-invalid', problem ? 'true' : 'false');
  }
}
