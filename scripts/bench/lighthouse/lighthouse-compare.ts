/**
 * Lighthouse side by side: the site's pages and control pages, each a first
 * visit at 4× CPU in a fresh Chrome, in turn within a round, round after
 * round. The machine's load drifts (others share it), so a page is only
 * compared with controls measured in the same rounds, never with a figure
 * from another day.
 *
 * The controls are served by a plain Node server of their own:
 * - the home page's own markup without its stylesheet or scripts (its images
 *   still come from the site): what the same elements cost with the browser's
 *   defaults alone;
 * - an empty page with one line of text: the floor of Lighthouse and Chrome
 *   on this machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parse, serialize, type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import { firstVisit, type LighthouseSample } from './lighthouse-runs.ts';

export interface CompareTarget {
  name: string;
  url: string;
}

export interface CompareResult {
  name: string;
  samples: LighthouseSample[];
  /** Runs Lighthouse could not finish. */
  failed: number;
}

const EMPTY_PAGE = '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Vazia</title><p>Página vazia.</p></html>';

/** Elements a bare copy leaves out: whatever styles the page or runs in it. */
const STYLE_OR_SCRIPT = new Set(['style', 'script', 'link']);

/** The page's markup with no stylesheet and no script; relative addresses (its images) still point at the site. */
function bareMarkup(html: string, siteUrl: string): string {
  const document = parse(html);
  const strip = (node: T.ParentNode) => {
    node.childNodes = node.childNodes.filter((child) => !('tagName' in child && STYLE_OR_SCRIPT.has(child.tagName)));
    for (const child of node.childNodes) if ('childNodes' in child) strip(child);
  };
  strip(document);
  const html5 = document.childNodes.find((node): node is T.Element => 'tagName' in node && node.tagName === 'html');
  const head = html5?.childNodes.find((node): node is T.Element => 'tagName' in node && node.tagName === 'head');
  if (head) {
    const base = tree.createElement('base', html5!.namespaceURI, [{ name: 'href', value: `${siteUrl}/` }]);
    tree.insertBefore(head, base, head.childNodes[0]!);
  }
  return serialize(document);
}

/** Serves the control pages on a free port; returns their targets and the server to close. */
export async function startControls(siteUrl: string): Promise<{ targets: CompareTarget[]; server: Server }> {
  const home = await (await fetch(`${siteUrl}/`)).text();
  const pages = new Map([
    ['/sem-estilo', bareMarkup(home, siteUrl)],
    ['/vazia', EMPTY_PAGE],
  ]);
  const server = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? '');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    targets: [
      { name: 'control: the home’s markup, no stylesheet or script', url: `${base}/sem-estilo` },
      { name: 'control: an empty page', url: `${base}/vazia` },
    ],
  };
}

/** Each target once per round, in turn, for `rounds` rounds; the 1-minute load average at the start of each round. */
export async function compareFirstVisits(
  targets: CompareTarget[],
  rounds: number,
  slowdown: number,
): Promise<{ results: CompareResult[]; loads: number[] }> {
  const results = targets.map(({ name }) => ({ name, samples: [] as LighthouseSample[], failed: 0 }));
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    loads.push(loadavg()[0]!);
    for (const [i, target] of targets.entries()) {
      const sample = await firstVisit(target.url, slowdown);
      if (sample) results[i]!.samples.push(sample);
      else results[i]!.failed++;
    }
  }
  return { results, loads };
}
