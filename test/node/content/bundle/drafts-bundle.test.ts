import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { buildContentBundle, skippedWarning } from '../../../../scripts/content/bundle/bundle';
import { contentBundle } from '../../../../scripts/content/bundle/vite-plugin';

const SAMPLE = 'content/fundos-imobiliarios-para-iniciantes';
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A content folder with one ready article, the registry, and an unfinished draft (no titulo, no image). */
function contentWithDraft(): string {
  const root = mkdtempSync(join(tmpdir(), 'drafts-'));
  roots.push(root);
  const dir = join(root, 'content');
  cpSync(SAMPLE, join(dir, 'fundos-imobiliarios-para-iniciantes'), { recursive: true });
  cpSync('content/autores', join(dir, 'autores'), { recursive: true });
  mkdirSync(join(dir, 'meu-rascunho'));
  writeFileSync(join(dir, 'meu-rascunho', 'index.md'), '---\ndescricao: ainda escrevendo\n---\n\nTexto pela metade.\n');
  return dir;
}

describe('drafts are not bundled', () => {
  it('buildContentBundle leaves a folder with errors out and names it; the ready one is bundled', async () => {
    const dir = contentWithDraft();
    const bundle = await buildContentBundle(dir);
    expect(bundle.list.map((item) => item.slug)).toEqual(['fundos-imobiliarios-para-iniciantes']);
    expect(bundle.skipped).toHaveLength(1);
    expect(bundle.skipped[0]!.dir).toMatch(/meu-rascunho$/);
    expect(bundle.skipped[0]!.errors.length).toBeGreaterThan(0);
    const warning = skippedWarning(bundle);
    expect(warning).toMatch(/^rascunho fora do site: .*meu-rascunho tem \d+ erro\(s\) e não entrou no build/);
    expect(warning).toContain('como corrigir: rode npm run content:check -- ');
  });

  it('the plugin warns and emits only the ready article: a draft never fails the build', async () => {
    const dir = contentWithDraft();
    const plugin = contentBundle(dir, true);
    const files = new Map<string, unknown>();
    const warnings: string[] = [];
    const context = {
      addWatchFile() {},
      warn: (message: string) => warnings.push(message),
      emitFile: ({ fileName, source }: { fileName: string; source: unknown }) => files.set(fileName, source),
    };
    type Hook = (this: typeof context) => unknown;
    await (plugin.buildStart as unknown as Hook).call(context);
    await (plugin.buildEnd as unknown as Hook).call(context);
    await (plugin.generateBundle as unknown as Hook).call(context);
    expect(parseIndexMeta(String(files.get(INDEX_META_KEY))).count).toBe(1);
    expect([...files.keys()].some((name) => name.includes('meu-rascunho'))).toBe(false);
    expect(warnings).toEqual([expect.stringContaining('meu-rascunho')]);
  });
});

describe('vite build with the content plugin', () => {
  /** A tiny project: one entry, the content plugin, an outDir holding the last good build. */
  function project(plugin: ReturnType<typeof contentBundle>) {
    const root = mkdtempSync(join(tmpdir(), 'vite-content-'));
    roots.push(root);
    writeFileSync(join(root, 'entry.js'), 'export const x = 1;\n');
    const outDir = join(root, 'dist');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'last-good.txt'), 'the last good build');
    const run = () =>
      build({
        root,
        configFile: false,
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, rolldownOptions: { input: join(root, 'entry.js') } },
        plugins: [plugin],
      });
    return { outDir, run };
  }

  it('builds with a draft in content/: the ready article is in dist/, the draft is not', async () => {
    const { outDir, run } = project(contentBundle(contentWithDraft(), true));
    await run();
    expect(existsSync(join(outDir, 'last-good.txt'))).toBe(false);
    const meta = parseIndexMeta(readFileSync(join(outDir, INDEX_META_KEY), 'utf8'));
    expect(meta.count).toBe(1);
    expect(readdirSync(outDir, { recursive: true }).some((name) => String(name).includes('meu-rascunho'))).toBe(false);
  }, 60_000);

  it('a content failure leaves the last good build in place (dist/ is emptied only after the content is built)', async () => {
    // The content's build rejects at buildEnd, as it does when sharp crashes or a file cannot be read.
    const plugin = contentBundle('content', true);
    const broken = {
      ...plugin,
      buildStart() {},
      async buildEnd() {
        throw new Error('the content could not be built');
      },
    } as typeof plugin;
    const { outDir, run } = project(broken);
    await expect(run()).rejects.toThrow();
    expect(readFileSync(join(outDir, 'last-good.txt'), 'utf8')).toBe('the last good build');
  }, 60_000);
});
