import { describe, expect, it, vi } from 'vitest';
import { createBannerStore } from '../../client/consent/banner-store';

describe('the banner store', () => {
  it('goes through the life cycle: closed → revealed → React → chosen → reopened → chosen', () => {
    const onChoose = vi.fn();
    const store = createBannerStore(onChoose);
    expect(store.getState()).toEqual({ open: false, focus: false, renderer: 'markup' });

    store.reveal();
    expect(store.getState()).toEqual({ open: true, focus: false, renderer: 'markup' });
    store.handToReact();
    expect(store.getState()).toEqual({ open: true, focus: false, renderer: 'react' });

    store.choose('allow');
    expect(store.getState()).toEqual({ open: false, focus: false, renderer: 'react' });
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('allow');

    store.reopen();
    expect(store.getState()).toEqual({ open: true, focus: true, renderer: 'react' });
    store.choose('deny');
    expect(store.getState()).toEqual({ open: false, focus: false, renderer: 'react' });
    expect(onChoose).toHaveBeenLastCalledWith('deny');
  });

  it('is closed by the time the choice is acted on', () => {
    const store = createBannerStore(() => expect(store.getState().open).toBe(false));
    store.reveal();
    store.choose('deny');
    expect.assertions(1);
  });

  it('takes one answer per opening: a closed banner takes no choice', () => {
    const onChoose = vi.fn();
    const store = createBannerStore(onChoose);
    store.choose('allow');
    store.reveal();
    store.choose('deny');
    store.choose('allow');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('deny');
  });

  it('gives focus back to the opener after the choice, once', () => {
    document.body.innerHTML = '<button id="opener">Preferências de cookies</button><button id="other">Outro</button>';
    const opener = document.getElementById('opener')!;
    const store = createBannerStore(vi.fn());
    store.reopen(opener);
    document.getElementById('other')!.focus();
    store.choose('deny');
    expect(document.activeElement).toBe(opener);

    // Revealed without an opener: the next choice leaves focus where it is.
    document.getElementById('other')!.focus();
    store.reveal();
    store.choose('allow');
    expect(document.activeElement).toBe(document.getElementById('other'));
  });

  it('tells subscribers of every change and only of changes, with a new snapshot each time', () => {
    const store = createBannerStore(vi.fn());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const closed = store.getState();

    store.reveal();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).not.toBe(closed);
    const open = store.getState();
    store.reveal(); // no change: React must see the same snapshot
    store.handToReact();
    store.handToReact();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getState()).not.toBe(open);

    unsubscribe();
    store.choose('allow');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('lets a listener unsubscribe while being told', () => {
    const store = createBannerStore(vi.fn());
    const second = vi.fn();
    const unsubscribe = store.subscribe(() => unsubscribe());
    store.subscribe(second);
    store.reveal();
    store.choose('deny');
    expect(second).toHaveBeenCalledTimes(2);
  });
});
