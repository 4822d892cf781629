/**
 * The mobile menu: a real button that shows and hides the navigation below
 * 768 px (the CSS decides when the button is visible). Closes on Escape and on
 * a click on any link, as docs/product.md §2 asks.
 */
export function setUpMenu(root: ParentNode = document): void {
  const button = root.querySelector<HTMLButtonElement>('.menu-toggle');
  const nav = button && root.querySelector<HTMLElement>(`#${button.getAttribute('aria-controls')}`);
  if (!button || !nav) return;

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('is-open', open);
  };

  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  nav.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      button.focus();
    }
  });
}
