import { beforeEach, describe, expect, it } from 'vitest';
import { setUpMenu } from '../../client/menu';

function mount(): { button: HTMLButtonElement; nav: HTMLElement } {
  document.body.innerHTML = `
    <button type="button" class="menu-toggle" aria-expanded="false" aria-controls="menu-principal">Menu</button>
    <nav id="menu-principal"><ul><li><a href="#sobre">Sobre</a></li></ul></nav>`;
  setUpMenu(document);
  return { button: document.querySelector('button')!, nav: document.querySelector('nav')! };
}

describe('mobile menu', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('opens and closes with the button, keeping aria-expanded true to the state', () => {
    const { button, nav } = mount();
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('is-open')).toBe(true);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.classList.contains('is-open')).toBe(false);
  });

  it('closes when a link is clicked', () => {
    const { button, nav } = mount();
    button.click();
    nav.querySelector('a')!.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.classList.contains('is-open')).toBe(false);
  });

  it('closes on Escape and returns focus to the button', () => {
    const { button, nav } = mount();
    button.click();
    nav.querySelector('a')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('does nothing on a page without the menu', () => {
    document.body.innerHTML = '<p>sem menu</p>';
    expect(() => setUpMenu(document)).not.toThrow();
  });
});
