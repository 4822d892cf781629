import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The studio as its own process, as `npm run content:studio` starts it, for
 * the browser tests (test/e2e/studio.spec.ts) and the bench
 * (scripts/bench/studio-publish.ts).
 */

export interface Studio {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): void;
}

/** The studio on `port`, serving `contentDir`, publishing for the site on `sitePort`; resolves once it prints its address. */
export function startStudio(port: number, contentDir: string, sitePort: string): Promise<Studio> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/studio/server.ts', '--port', String(port), '--content', contentDir, '--site-port', sitePort],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const studio: Studio = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM');
    },
  };
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(`${studio.url}/painel`)) resolve(studio);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the studio stopped (${code}):\n${output}`)));
  });
}

/** The panel's token for actions, read from its page as the panel's script reads it. */
export async function panelToken(studioUrl: string): Promise<string> {
  const page = await (await fetch(`${studioUrl}/painel`)).text();
  const token = /<meta name="estudio-token" content="([^"]+)">/.exec(page)?.[1];
  if (!token) throw new Error('the panel page has no token');
  return token;
}
