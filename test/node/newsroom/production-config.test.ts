import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { type NewsroomVars, newsroomSettings } from '#src/newsroom/team/settings.ts';

/** wrangler.toml as wrangler reads it: the top level (`npm start`, tests) and the production environment (`npm run deploy`). */
const config = parse(readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8')) as {
  vars: NewsroomVars;
  r2_buckets?: unknown;
  env: { production: { vars: NewsroomVars } & Record<string, unknown> };
};
const production = config.env.production;

describe('the development editor cannot be switched on in production', () => {
  it('is set for `npm start`, which opens the newsroom on localhost as that editor', () => {
    expect(newsroomSettings(config.vars, 'http://localhost:8787/redacao')).toMatchObject({ identity: 'development' });
  });

  it('is not set in the production environment (vars are not inherited by environments)', () => {
    expect(production.vars).not.toHaveProperty('NEWSROOM_DEV_EDITOR');
    expect(production).not.toHaveProperty('access');
  });

  it('serves no newsroom in production until Access is configured', () => {
    expect(newsroomSettings(production.vars, 'https://casaempauta.com.br/redacao')).toBeNull();
  });

  it('would not apply on a deployed host even if someone added it to production', () => {
    const withDeveloper = { ...production.vars, NEWSROOM_DEV_EDITOR: 'dev@localhost' };
    for (const url of ['https://casaempauta.com.br/redacao', 'https://casa-em-pauta.example.workers.dev/redacao']) {
      expect(newsroomSettings(withDeveloper, url)).toBeNull();
    }
  });

  it('gives way to Access once production configures it, on any host', () => {
    const configured = {
      ...production.vars,
      ACCESS_TEAM_DOMAIN: 'casaempauta.cloudflareaccess.com',
      ACCESS_AUD: 'c3'.repeat(32),
      NEWSROOM_CHIEF: 'chefe@casaempauta.com.br',
      NEWSROOM_DEV_EDITOR: 'dev@localhost',
    };
    for (const url of ['https://casaempauta.com.br/redacao', 'http://localhost:8787/redacao']) {
      expect(newsroomSettings(configured, url)).toMatchObject({
        identity: 'access',
        access: {
          issuer: 'https://casaempauta.cloudflareaccess.com',
          certsUrl: 'https://casaempauta.cloudflareaccess.com/cdn-cgi/access/certs',
        },
      });
    }
  });
});

describe("the newsroom's images bucket", () => {
  it('is bound as MEDIA locally and in production, to the same bucket by name (no id to commit)', () => {
    const bucket = [{ binding: 'MEDIA', bucket_name: 'casa-em-pauta-media' }];
    expect(config.r2_buckets).toEqual(bucket);
    expect(production.r2_buckets).toEqual(bucket);
  });
});
