import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { API_PATHS } from '../../src/newsroom/api/wire.ts';
import { wrangler } from './wrangler.ts';

/**
 * The worker the commands' `--local` speak to: the newsroom's API of the
 * local site, exactly as `--remote` speaks to production's, so the engine
 * runs in one host only (docs/decisions/032-the-command-line-is-a-client.md).
 * The running `npm start` when it answers at the site's address; otherwise a
 * worker started here with wrangler's API over the same local stores
 * (.wrangler/state), at the same address, and stopped when the command ends.
 */
export interface LocalWorker {
  /** Stops the worker this command started; nothing for the running `npm start`. */
  close(): Promise<void>;
}

/** The built site the worker serves and names (its static files and their manifest): what `npm run build` writes. */
const BUILT_MANIFEST = 'dist/.vite/manifest.json';

/** Whether something answers at the site (any answer: what it is, the first call says). */
async function answers(site: URL): Promise<boolean> {
  try {
    const response = await fetch(new URL(API_PATHS.live, site), { headers: { Accept: 'application/json' } });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function localWorker(site: URL, say: (line: string) => void): Promise<LocalWorker> {
  if (await answers(site)) return { close: async () => {} };
  say(`O site local não está rodando em ${site.origin}: iniciando-o só para este comando (o npm start o deixa rodando).`);
  // A fresh clone has no build yet; the worker needs the one `npm start` makes.
  if (!existsSync(BUILT_MANIFEST)) {
    const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('não consegui montar o site local (npm run build): rode npm start uma vez e veja o erro');
  }
  // As `npm start` does first: the local database gets the tables the newsroom reads (wrangler skips those applied).
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local']);
  // wrangler is loaded only here: it takes a second or two, which a command that finds `npm start` running does not pay.
  const { unstable_startWorker } = await import('wrangler');
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    bindings: { SITE_URL: { type: 'plain_text', value: site.origin } },
    dev: { server: { hostname: site.hostname, port: Number(site.port) }, inspector: false, watch: false, logLevel: 'none' },
  });
  await worker.ready;
  return { close: () => worker.dispose() };
}
