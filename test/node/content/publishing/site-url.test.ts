import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { describePlan } from '#src/publishing/plan/describe-plan.ts';
import { planPublish } from '#src/publishing/plan/plan.ts';
import { localPort, siteUrl } from '../../../../scripts/local-site';
import { PROCESS_TEST_TIMEOUT_MS, runCli } from '../../processes';
import { article } from './publish-fixtures';

/** The addresses publish and unpublish print: the site the editor opens, local or production. */
const dir = mkdtempSync(join(tmpdir(), 'site-url-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The address line of a new article's plan on this site. */
const printedUrl = (site: string) =>
  describePlan(planPublish([article('nova', '2025-06-01')], { items: [], metaText: null }, contentHash), site)[1]!.trim();

describe('the local site', () => {
  it('is on port 8787 by default, on PORT when set, and on --port above both', () => {
    expect(localPort(undefined, {})).toBe(8787);
    expect(localPort(undefined, { PORT: '8790' })).toBe(8790);
    expect(localPort('8791', { PORT: '8790' })).toBe(8791);
    expect(printedUrl(siteUrl('local'))).toBe('http://localhost:8787/noticia/nova');
    expect(printedUrl(siteUrl('local', { port: localPort('8791', {}) }))).toBe('http://localhost:8791/noticia/nova');
  });

  it('refuses a port that is not one, naming where it came from', () => {
    expect(() => localPort('abc', {})).toThrow('--port "abc" não é um número de porta');
    expect(() => localPort(undefined, { PORT: '70000' })).toThrow('PORT "70000" não é um número de porta');
    expect(() => localPort('0', {})).toThrow(RangeError);
  });
});

describe('the production site', () => {
  it("is SITE_URL of [env.production.vars] in wrangler.toml, not the local vars'", () => {
    expect(printedUrl(siteUrl('remote'))).toBe('https://casaempauta.com.br/noticia/nova');
    const config = join(dir, 'wrangler.toml');
    writeFileSync(config, '[vars]\nSITE_URL = "http://localhost:8787"\n[env.production.vars]\nSITE_URL = "https://exemplo.com.br/"\n');
    expect(printedUrl(siteUrl('remote', { config }))).toBe('https://exemplo.com.br/noticia/nova');
  });
});

// Each test starts tsx processes: PROCESS_TEST_TIMEOUT_MS says why it gets more than Vitest's 5 s.
describe('the command line', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('says what --replace and --port do in the usage, and refuses --port with --remote', () => {
    const usage = runCli('publish', '--local');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('[--replace] [--port N]');
    expect(usage.stderr).toContain('--replace: permite substituir um artigo no ar cujo título é diferente do da pasta');
    expect(usage.stderr).toContain('a variável de ambiente PORT, senão 8787');
    const remote = runCli('publish', '--remote', '--port', '8790', 'content');
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain('--port é para --local');
  });
});
