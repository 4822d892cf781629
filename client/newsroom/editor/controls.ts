/** An element with its class and text: what the toolbar and its panels are made of. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text) made.textContent = text;
  return made;
}

/** A `<button type="button">`, with an accessible name of its own when its text does not say it. */
export function button(text: string, name: string): HTMLButtonElement {
  const made = element('button', 'nr-ed-button', text);
  made.type = 'button';
  if (name !== text) made.setAttribute('aria-label', name);
  return made;
}
