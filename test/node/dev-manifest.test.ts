import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Built by `npm test` (vite build) before the tests run.
const built: Record<string, { isEntry?: boolean }> = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const dev: Record<string, { file: string }> = JSON.parse(readFileSync('client/dev-manifest.json', 'utf8'));

describe('the manifest `npm run dev` serves from', () => {
  // The worker looks each entry up at start-up and throws when one is missing (src/site/client-assets.ts,
  // src/newsroom/http/assets.ts): under `npm run dev` every page would answer 500.
  it("names every entry the build's manifest has, each at its source file", () => {
    const entries = Object.keys(built).filter((key) => built[key]!.isEntry);
    expect(entries.length).toBeGreaterThan(0);
    expect(Object.keys(dev).sort()).toEqual(entries.sort());
    for (const [entry, { file }] of Object.entries(dev)) expect(file).toBe(entry);
  });
});
