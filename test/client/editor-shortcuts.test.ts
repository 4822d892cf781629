import { describe, expect, it } from 'vitest';
import { shownKeys } from '../../client/newsroom/editor/toolbar';

describe("the editor's shortcuts as the toolbar and its hint name them", () => {
  it("Ctrl on Windows and Linux, ⌘ ⌥ ⇧ on a Mac (where TipTap's Mod is ⌘)", () => {
    expect(shownKeys('Control+Alt+2', false)).toBe('Ctrl+Alt+2');
    expect(shownKeys('Control+Shift+Z', true)).toBe('⌘⇧Z');
    expect(shownKeys('Control+Alt+2', true)).toBe('⌘⌥2');
  });
});
