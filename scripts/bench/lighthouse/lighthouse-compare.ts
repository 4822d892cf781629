/**
 * Lighthouse side by side: the site's pages and control pages, each a first
 * visit at 4× CPU in a fresh Chrome, in turn within a round, round after
 * round. The machine's load drifts (others share it), so a page is only
 * compared with controls measured in the same rounds, never with a figure
 * from another day.
 *
 * Pages and controls are served alike by a small Hono proxy (@hono/node-server,
 * gzip), the controls beside the site's pages:
 * - each page's own markup without its stylesheet or scripts: what the same
 *   elements cost with the browser's defaults alone, the floor a page is judged
 *   against;
 * - an empty page with one line of text: the floor of Lighthouse and Chrome
 *   on this machine;
 * - an article's main image alone (its preload and its <img>, the image
 *   relayed from the site's origin as the control's own): the floor of any
 *   page whose largest paint is an image of its own origin.
 *
 * Run alone, it tells what a page's simulated LCP waited for (docs/speed.md):
 *   npx tsx scripts/bench/lighthouse/lighthouse-compare.ts http://localhost:8798/noticia/…
 */

import { loadavg } from 'node:os';
import { type ServerType, serve } from '@hono/node-server';
import * as chromeLauncher from 'chrome-launcher';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { parse, serialize, serializeOuter, type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import { CHROME_FLAGS, CHROME_PATH } from '../../audit/site-server.ts';
import { ARTICLE } from '../common/report.ts';
import { firstVisit, type LighthouseSample } from './lighthouse-runs.ts';

export interface CompareTarget {
  name: string;
  url: string;
}

export interface CompareResult {
  name: string;
  samples: LighthouseSample[];
  /** Runs Lighthouse could not finish, each by its error's code. */
  failed: string[];
}

const EMPTY_PAGE = '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Vazia</title><p>Página vazia.</p></html>';

const attribute = (element: T.Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

/** The parts of a page a decomposition takes out one at a time (the home's, in lighthouse-part.ts). */
export const PARTS = {
  'speculation rules': (element: T.Element) => element.tagName === 'script' && attribute(element, 'type') === 'speculationrules',
  scripts: (element: T.Element) =>
    element.tagName === 'script' || (element.tagName === 'link' && attribute(element, 'rel') === 'modulepreload'),
  styles: (element: T.Element) => element.tagName === 'style' || (element.tagName === 'link' && attribute(element, 'rel') === 'stylesheet'),
} as const;
export type Part = keyof typeof PARTS;
const isPart = (name: string): name is Part => Object.hasOwn(PARTS, name);

/**
 * The page's markup without the given parts, by default with no stylesheet and no script; relative
 * addresses (its images) still point at the site. Its other links stay: the icon and an image's
 * preload are the markup's own, and what a reader's browser fetches for the page either way.
 */
function bareMarkup(html: string, siteUrl: string, parts: readonly Part[] = ['styles', 'scripts']): string {
  const document = parse(html);
  const out = (child: T.ChildNode) => 'tagName' in child && parts.some((part) => PARTS[part](child));
  const strip = (node: T.ParentNode) => {
    node.childNodes = node.childNodes.filter((child) => !out(child));
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

/** Every element of the document, depth first. */
function* elementsOf(node: T.ParentNode): Generator<T.Element> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    yield child;
    yield* elementsOf(child);
  }
}

export const IMAGE_ALONE = 'control: the article’s main image alone';

/** A page with nothing but the article's main image, as the article asks for it: its preload first, then the <img>. */
function imageAlone(article: string): string {
  const elements = [...elementsOf(parse(article))];
  const has = (element: T.Element, name: string, value: string) => element.attrs.some((a) => a.name === name && a.value === value);
  const preload = elements.find((e) => e.tagName === 'link' && has(e, 'rel', 'preload') && has(e, 'as', 'image'));
  const image = elements.find((e) => e.tagName === 'img' && has(e, 'fetchpriority', 'high'));
  if (!preload || !image) throw new Error(`${ARTICLE} has no preloaded main image`);
  // Its <picture>, whose sources offer the format the preload fetched.
  const picture = image.parentNode && 'tagName' in image.parentNode && image.parentNode.tagName === 'picture' ? image.parentNode : image;
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Imagem</title>${serializeOuter(preload)}<style>img{width:100%;height:auto}</style><p>${serializeOuter(picture)}</p></html>`;
}

/** The address of a page's bare markup on the proxy (startControls), and of the page without some of its parts. */
const BARE = '/__controle/sem-estilo';
const WITHOUT = '/__controle/sem';

/**
 * A proxy in front of the site, on a free port, that serves the site's pages
 * and their controls the same way (gzip, one origin, one connection's worth of
 * setup), as a reader's CDN would serve both: every path is the site's,
 * except the controls under /__controle/:
 * - `sem-estilo?pagina=<path>`: that page's own markup with no stylesheet or script;
 * - `sem?pagina=<path>&partes=<parts>`: the page without some of its parts (PARTS), to tell which costs what;
 * - `vazia`: an empty page; `imagem`: the article's main image alone.
 */
export async function startControls(siteUrl: string): Promise<{
  /** The proxy's address of a page of the site, and of its bare markup. */
  page(path: string): string;
  bare(path: string): string;
  without(path: string, parts: readonly Part[]): string;
  targets: CompareTarget[];
  server: ServerType;
}> {
  const article = await (await fetch(`${siteUrl}${ARTICLE}`)).text();
  const app = new Hono();
  app.use(compress());
  let base = '';
  /**
   * A response of the site as the proxy sends it on, with its own headers (the CSP, the cache policy):
   * a control differs from its page in the markup alone. Not how the site's bytes came to the proxy:
   * Hono's compress leaves a response with a Transfer-Encoding as it is, and with it kept the site's
   * pages went out uncompressed while the controls were compressed.
   */
  const relayed = (response: Response, body: BodyInit | null) => {
    const headers = new Headers(response.headers);
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'etag']) headers.delete(name);
    return new Response(body, { status: response.status, headers });
  };
  const withoutParts = async (path: string, parts?: readonly Part[]) => {
    const page = await fetch(`${siteUrl}${path}`);
    return relayed(page, bareMarkup(await page.text(), base, parts));
  };
  app.get(BARE, (c) => withoutParts(c.req.query('pagina') ?? '/'));
  app.get(WITHOUT, (c) => withoutParts(c.req.query('pagina') ?? '/', (c.req.query('partes') ?? '').split(',').filter(isPart)));
  app.get('/__controle/vazia', (c) => c.html(EMPTY_PAGE));
  app.get('/__controle/imagem', (c) => c.html(imageAlone(article)));
  // Everything else is the site's, its body passed on as it came (the worker sends it uncompressed; the proxy compresses).
  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const response = await fetch(`${siteUrl}${url.pathname}${url.search}`, { method: c.req.method, redirect: 'manual' });
    return relayed(response, response.body);
  });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((listening) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, ({ port }) => listening({ server, port }));
  });
  base = `http://127.0.0.1:${port}`;
  return {
    server,
    page: (path) => `${base}${path}`,
    bare: (path) => `${base}${BARE}?pagina=${encodeURIComponent(path)}`,
    without: (path, parts) => `${base}${WITHOUT}?pagina=${encodeURIComponent(path)}&partes=${encodeURIComponent(parts.join(','))}`,
    targets: [
      { name: 'control: an empty page', url: `${base}/__controle/vazia` },
      { name: IMAGE_ALONE, url: `${base}/__controle/imagem` },
    ],
  };
}

/** Each target once per round, in turn, for `rounds` rounds; the 1-minute load average at the start of each round. */
export async function compareFirstVisits(
  targets: CompareTarget[],
  rounds: number,
  slowdown: number,
): Promise<{ results: CompareResult[]; loads: number[] }> {
  const results: CompareResult[] = targets.map(({ name }) => ({ name, samples: [], failed: [] }));
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    loads.push(loadavg()[0]!);
    for (const [i, target] of targets.entries()) {
      const sample = await firstVisit(target.url, slowdown);
      if ('failed' in sample) results[i]!.failed.push(sample.failed);
      else results[i]!.samples.push(sample);
    }
  }
  return { results, loads };
}

/** A request of Lighthouse's simulated LCP: its simulated start and end (ms), and in which of the two estimates it counts. */
export interface SimulatedRequest {
  url: string;
  priority: string;
  start: number;
  end: number;
  in: ('optimistic' | 'pessimistic')[];
}

/** Lantern's node timings of one simulation, as Lighthouse leaves them after a run (labelled by metric). */
type NodeTimings = Map<
  { type: string; request?: { url: string; priority: string; resourceType?: string } },
  { startTime: number; endTime: number }
>;

/**
 * What Lighthouse's simulated LCP waited for on a first visit of `url` (mobile,
 * slow 4G, 4× CPU, in a Chrome of its own): Lighthouse keeps every request that
 * ended before the LCP it observed (unthrottled) in the simulation, where each
 * starts once the document has arrived, and the LCP is the last to end,
 * averaged over an optimistic and a pessimistic estimate. Also the observed
 * times that decide which requests count.
 */
export async function simulatedLcp(url: string): Promise<{
  simulated: { fcp: number; lcp: number };
  observed: { fcp: number; lcp: number; domContentLoaded: number; load: number };
  /** Lighthouse's LCP breakdown of the observed load (time to first byte, resource load delay…), ms. */
  breakdown: Record<string, number>;
  /** The document's bytes: over the wire (headers and body as sent) and decoded. */
  document: { transferSize: number; resourceSize: number };
  requests: SimulatedRequest[];
}> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier: 4 } } },
    );
    const { audits } = result!.lhr;
    // The document as it came over the wire: its headers and its body, compressed or not (what the simulation downloads).
    type Requests = { items?: { url: string; transferSize?: number; resourceSize?: number }[] };
    const document = (audits['network-requests']?.details as Requests | undefined)?.items?.[0];
    const metrics = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
    type Subparts = { items?: { type?: string; items?: { label: string; duration: number }[] }[] };
    const subparts = (audits['lcp-breakdown-insight']?.details as Subparts | undefined)?.items?.find(
      (item) => item.type === 'table',
    )?.items;
    const breakdown = Object.fromEntries((subparts ?? []).map(({ label, duration }) => [label, duration]));
    const requests = new Map<string, SimulatedRequest>();
    const all = (Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, NodeTimings> }).allNodeTimings;
    for (const estimate of ['optimistic', 'pessimistic'] as const) {
      for (const [node, timing] of all.get(`${estimate}LargestContentfulPaint`) ?? []) {
        // Lantern leaves low-priority images (off screen) out of the LCP it computes.
        if (node.type !== 'network' || !node.request || (node.request.resourceType === 'Image' && /Low/.test(node.request.priority)))
          continue;
        const path = node.request.url.replace(/^https?:\/\/[^/]+/, '');
        const request = requests.get(path) ?? {
          url: path,
          priority: node.request.priority,
          start: timing.startTime,
          end: timing.endTime,
          in: [],
        };
        request.in.push(estimate);
        requests.set(path, request);
      }
    }
    return {
      simulated: {
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      },
      observed: {
        fcp: metrics.observedFirstContentfulPaint ?? Number.NaN,
        lcp: metrics.observedLargestContentfulPaint ?? Number.NaN,
        domContentLoaded: metrics.observedDomContentLoaded ?? Number.NaN,
        load: metrics.observedLoad ?? Number.NaN,
      },
      breakdown,
      document: { transferSize: document?.transferSize ?? Number.NaN, resourceSize: document?.resourceSize ?? Number.NaN },
      requests: [...requests.values()].sort((a, b) => a.end - b.end),
    };
  } finally {
    chrome.kill();
  }
}

/** `npx tsx scripts/bench/lighthouse/lighthouse-compare.ts <url>…`: what each page's simulated LCP waited for (one run each). */
async function main(): Promise<void> {
  for (const url of process.argv.slice(2)) {
    const { simulated, observed, breakdown, document, requests } = await simulatedLcp(url);
    console.log(`\n## ${url} (load average ${loadavg()[0]!.toFixed(2)})`);
    console.log(`simulated: FCP ${simulated.fcp.toFixed(0)} ms, LCP ${simulated.lcp.toFixed(0)} ms`);
    console.log(
      `observed, unthrottled: FCP ${observed.fcp} ms, LCP ${observed.lcp} ms, DOMContentLoaded ${observed.domContentLoaded} ms, load ${observed.load} ms`,
    );
    console.log(
      `document: ${document.transferSize} bytes over the wire (first round trip: ${10 * 1460}), ${document.resourceSize} decoded`,
    );
    const subparts = Object.entries(breakdown).map(([label, ms]) => `${label} ${ms.toFixed(0)} ms`);
    console.log(`LCP breakdown, observed: ${subparts.join(', ')}`);
    for (const r of requests)
      console.log(
        `${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms  ${r.priority.padEnd(8)} ${r.url} (${r.in.join(', ')})`,
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
