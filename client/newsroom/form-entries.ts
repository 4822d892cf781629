/** A form's text fields as a POST body: what the browser would post, files aside (a draft has none). */
export function formEntries(form: HTMLFormElement): URLSearchParams {
  const entries: [string, string][] = [];
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') entries.push([name, value]);
  return new URLSearchParams(entries);
}
