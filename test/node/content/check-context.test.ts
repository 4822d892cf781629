import { describe, expect, it } from 'vitest';
import { checkContext } from '../../../scripts/content/check-context';
import { checkContent } from '../../../scripts/content/check-folder';

const TODAY = new Date('2025-07-01T12:00:00Z');

describe('content:check reads what publish reads', () => {
  it('one index.md folder finds the registry beside it (content/autores)', async () => {
    const { problems } = await checkContent('content/fundos-imobiliarios-para-iniciantes', [], TODAY);
    expect(problems.filter((problem) => problem.field === 'autor')).toEqual([]);
  });

  it('the context says where the live list and authors came from, and holds them', async () => {
    const context = await checkContext('local');
    expect(context.source).toMatch(/^(site local \(\.wrangler\/state\)|conteúdo de exemplo \(content\/)/);
    expect(context.live.length).toBeGreaterThan(0);
    expect(context.liveAuthors.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('content:unpublish given a folder path', () => {
  it('suggests the slug', async () => {
    const { runCli } = await import('../processes');
    const run = runCli('unpublish', '--local', 'content/fundos-imobiliarios-para-iniciantes/');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('como corrigir: npm run content:unpublish -- --local fundos-imobiliarios-para-iniciantes');
  }, 60_000);
});
