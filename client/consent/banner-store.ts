import type { BannerChoice } from '../../shared/ConsentBanner';

/**
 * Who writes the banner's `hidden`: the plain JS of the page ('markup': the
 * inline banner script, then the bootstrap's buttons) until the island starts
 * hydrating it; then React ('react'), for good.
 */
export type BannerRenderer = 'markup' | 'react';

export interface BannerState {
  /** Whether the banner shows. */
  readonly open: boolean;
  /** Whether the reader opened it (footer link), so focus moves into it. */
  readonly focus: boolean;
  readonly renderer: BannerRenderer;
}

/**
 * The cookie banner's one source of truth, shared by the bootstrap and the
 * React island (read with `useSyncExternalStore`). Its life cycle, in the order
 * of a page view (docs/client-and-consent.md, "The banner's life cycle"):
 *
 * 1. closed: the server renders the banner `hidden`, and the store starts closed;
 * 2. revealed: with no stored choice the inline script has opened the markup,
 *    and the bootstrap records it (`reveal`);
 * 3. plain JS: the bootstrap's buttons (./early-banner.ts) call `choose`;
 * 4. React: the island hydrates the banner (`handToReact`), the plain JS stops,
 *    and React renders the banner from this store from then on;
 * 5. `choose` closes it, stores and applies the choice and gives focus back;
 *    the footer link opens it again (`reopen`), hydrating the island if needed.
 */
export interface BannerStore {
  getState(): BannerState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The page opened the banner for a reader with no stored choice. */
  reveal(): void;
  /** The reader asked for the banner: open it with focus, and give focus back to `opener` after the choice. */
  reopen(opener?: HTMLElement): void;
  /** A banner button was pressed: close it, then act on the choice. A closed banner takes no choice. */
  choose(choice: BannerChoice): void;
  /** The island starts hydrating: from now on React renders the banner. */
  handToReact(): void;
}

/** `onChoose` stores and applies the reader's answer (the bootstrap's job). */
export function createBannerStore(onChoose: (choice: BannerChoice) => void): BannerStore {
  let state: BannerState = { open: false, focus: false, renderer: 'markup' };
  let returnFocusTo: HTMLElement | undefined;
  const listeners = new Set<() => void>();

  // A new object only on a real change: React compares snapshots by identity.
  const update = (change: Partial<BannerState>) => {
    const next = { ...state, ...change };
    if (next.open === state.open && next.focus === state.focus && next.renderer === state.renderer) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reveal: () => update({ open: true }),
    reopen(opener) {
      returnFocusTo = opener;
      update({ open: true, focus: true });
    },
    choose(choice) {
      if (!state.open) return;
      const opener = returnFocusTo;
      returnFocusTo = undefined;
      update({ open: false, focus: false });
      onChoose(choice);
      opener?.focus();
    },
    handToReact: () => update({ renderer: 'react' }),
  };
}
