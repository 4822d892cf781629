/**
 * `npm run audit`: the site as search engines and assistive technology see it,
 * offline, against `npm start` (started here when nothing answers at BASE_URL).
 *
 * - Lighthouse (mobile): accessibility, best practices and SEO must be 100;
 *   performance is reported, not gated (it depends on this machine's load).
 * - axe-core in Chromium at 375 and 1280 px, with the cookie banner and the
 *   mobile menu open: no violations.
 * - html-validate on every audited page: no errors.
 * - linkinator over the whole site: no broken internal link.
 * - JSON-LD checked offline (scripts/audit/structured-data.ts).
 *
 * Prints one table; exits 1 when a gate fails.
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { HtmlValidate } from 'html-validate';
import lighthouse from 'lighthouse';
import { LinkChecker } from 'linkinator';
import { CHROME_FLAGS as BROWSER_FLAGS } from '../chromium.ts';
import { COSTS_OF_BUYING, RENT_OR_BUY_30_YEARS } from '../lib/tool-results.ts';
import { BASE_URL, CHROME_FLAGS, CHROME_PATH, ensureSite } from './site-server.ts';
import { checkStructuredData } from './structured-data.ts';

interface AuditedPage {
  name: string;
  path: string;
  status: number;
  /** JSON-LD types the page must carry. */
  structuredData: string[];
  /**
   * A page kept out of search engines on purpose (search results): Lighthouse's
   * "is-crawlable" audit must then fail, for that reason alone, and the rest of SEO pass.
   */
  noindex?: true;
}

const PAGES: AuditedPage[] = [
  { name: 'home', path: '/', status: 200, structuredData: ['NewsMediaOrganization', 'WebSite'] },
  // The sample with the most optional fields: an author from the registry, a correction and its note.
  {
    name: 'article',
    path: '/noticia/financiamento-imobiliario-sac-ou-price',
    status: 200,
    structuredData: ['NewsArticle', 'BreadcrumbList'],
  },
  { name: 'static page', path: '/politica-de-privacidade', status: 200, structuredData: [] },
  { name: 'theme page', path: '/tema/decoracao', status: 200, structuredData: ['BreadcrumbList'] },
  { name: 'author page', path: '/autor/camila-nogueira', status: 200, structuredData: ['BreadcrumbList', 'Person'] },
  { name: 'search results', path: '/busca?q=decoracao', status: 200, structuredData: [], noindex: true },
  { name: 'simulator', path: '/simulador-de-financiamento', status: 200, structuredData: ['WebApplication'] },
  {
    name: 'simulation',
    path: '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11.5&prazo=30&unidade=anos&sistema=ambos',
    status: 200,
    structuredData: ['WebApplication'],
  },
  // Refused input: the form with its messages (400, so Lighthouse leaves it to axe and html-validate).
  {
    name: 'simulation refused',
    path: '/simulador-de-financiamento?valor=abc&entrada=-5&juros=99&prazo=0',
    status: 400,
    structuredData: ['WebApplication'],
  },
  { name: 'rent or buy', path: '/alugar-ou-comprar', status: 200, structuredData: ['WebApplication'] },
  {
    name: 'rent or buy, result',
    path: RENT_OR_BUY_30_YEARS,
    status: 200,
    structuredData: ['WebApplication'],
  },
  { name: 'rent or buy refused', path: '/alugar-ou-comprar?valor=abc&aluguel=-5', status: 400, structuredData: ['WebApplication'] },
  { name: 'costs of buying', path: '/custos-da-compra', status: 200, structuredData: ['WebApplication'] },
  {
    name: 'costs of buying, result',
    path: COSTS_OF_BUYING,
    status: 200,
    structuredData: ['WebApplication'],
  },
  { name: 'costs of buying refused', path: '/custos-da-compra?valor=abc&cidade=x', status: 400, structuredData: ['WebApplication'] },
  { name: '404 page', path: '/pagina-que-nao-existe', status: 404, structuredData: [] },
];

type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };

interface Row {
  page: string;
  /** Null where Lighthouse does not audit the page (a 404). */
  scores: Scores | null;
  axe: number;
  htmlErrors: number;
  structuredData: number;
}

const failures: string[] = [];
const fail = (message: string) => failures.push(message);

/**
 * How many times a page is loaded when Lighthouse could not trace the load at
 * all (NO_NAVSTART, NO_FCP…: a known Chrome hiccup on a busy machine, on pages
 * that pass before and after, often enough that two failures in a row happen).
 * Each load gets a browser of its own, since a browser that failed once can fail
 * again on the same page. A page Lighthouse did audit is judged on its first
 * result: scores are never retried.
 */
const LIGHTHOUSE_ATTEMPTS = 4;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse load of a page, in a Chromium launched for it alone. */
async function lighthouseOnce(page: AuditedPage): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(`${BASE_URL}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

async function runLighthouse(page: AuditedPage): Promise<Scores | null> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await lighthouseOnce(page);
    const { runtimeError } = lhr;
    if (!runtimeError) return judged(page, lhr);
    // Lighthouse refuses to audit a document that is not 2xx (ERRORED_DOCUMENT_REQUEST):
    // the 404 page is then covered by axe and html-validate only.
    if (page.status !== 200 && runtimeError.code === 'ERRORED_DOCUMENT_REQUEST') return null;
    if (attempt < LIGHTHOUSE_ATTEMPTS) {
      console.warn(`Lighthouse could not audit ${page.name} (${runtimeError.code}): loading it again in a new browser`);
      continue;
    }
    fail(`Lighthouse could not audit ${page.name}: ${runtimeError.code} (${attempt} attempts)`);
    return null;
  }
}

/** A page's scores, with a failure for each gated category under 100. */
function judged(page: AuditedPage, { categories, audits }: LighthouseResult): Scores {
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const gated = ['accessibility', 'best-practices', 'seo'];
  for (const id of gated) {
    const failed = (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (page.noindex && id === 'seo') {
      if (failed.join() !== 'is-crawlable')
        fail(`Lighthouse seo on ${page.name}: expected only is-crawlable to fail (noindex), got ${failed.join(', ') || 'none'}`);
      continue;
    }
    if (score(id) === 100) continue;
    fail(`Lighthouse ${id} ${score(id)} on ${page.name}: ${failed.join(', ')}`);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

async function runAxe(page: AuditedPage): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: BROWSER_FLAGS });
  let violations = 0;
  try {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const tab = await context.newPage();
      await tab.goto(`${BASE_URL}${page.path}`);
      // The first visit opens the cookie banner: audit the page with it.
      await tab.getByRole('dialog', { name: 'Cookies e Privacidade' }).waitFor();
      if (width < 768) await tab.getByRole('button', { name: 'Menu' }).click();
      const results = await new AxeBuilder({ page: tab })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      for (const violation of results.violations) {
        fail(`axe ${violation.id} on ${page.name} at ${width}px: ${violation.help} (${violation.nodes.length} node(s))`);
      }
      violations += results.violations.length;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return violations;
}

async function runHtmlValidate(page: AuditedPage, html: string): Promise<number> {
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // React's serializer writes <meta charSet="utf-8"/>, dateTime=, hidden="" and
      // <!doctype html>: valid HTML (names are case-insensitive), only another style.
      'void-style': ['error', { style: 'selfclose' }],
      'attr-case': 'off',
      'attribute-empty-style': 'off',
      'doctype-style': 'off',
      // React writes a boolean attribute it renders (a form's checked radio, selected option) as checked="".
      'attribute-boolean-style': ['error', { style: 'empty' }],
      // Titles follow the editors' limit (src/content/schema/article-schema.ts), 90 characters.
      'long-title': ['error', { maxlength: 90 }],
    },
  });
  const report = await validator.validateString(html, `${page.path}.html`);
  for (const message of report.results.flatMap((result) => result.messages)) {
    fail(`html-validate ${message.ruleId} on ${page.name} (line ${message.line}): ${message.message}`);
  }
  return report.errorCount;
}

async function runLinkCheck(): Promise<{ checked: number; broken: number }> {
  const checker = new LinkChecker();
  const origin = new URL(BASE_URL).origin;
  const result = await checker.check({
    path: BASE_URL,
    recurse: true,
    concurrency: 8,
    // Offline: only the site's own links are followed and checked.
    linksToSkip: async (link: string) => !link.startsWith(origin),
  });
  const broken = result.links.filter((link) => link.state === 'BROKEN');
  for (const link of broken) fail(`broken link ${link.url} (status ${link.status}) on ${link.parent}`);
  return { checked: result.links.filter((link) => link.state === 'OK').length, broken: broken.length };
}

function printTable(rows: Row[], links: { checked: number; broken: number }): void {
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'axe viol.', 'html errors', 'JSON-LD problems'];
  const lines = rows.map((row) => [
    row.page,
    ...(row.scores
      ? [row.scores.performance, row.scores.accessibility, row.scores.bestPractices, row.scores.seo].map(String)
      : ['n/a', 'n/a', 'n/a', 'n/a']),
    String(row.axe),
    String(row.htmlErrors),
    String(row.structuredData),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  console.log(`\nLink check: ${links.checked} internal links OK, ${links.broken} broken.`);
  console.log('Lighthouse: mobile, default throttling; performance is reported, not gated.');
  console.log('n/a: Lighthouse does not audit a non-2xx document; the 404 page is covered by axe and html-validate.');
}

async function main(): Promise<number> {
  const stop = await ensureSite();
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      const response = await fetch(`${BASE_URL}${page.path}`);
      if (response.status !== page.status) fail(`${page.path} answered ${response.status}, expected ${page.status}`);
      const html = await response.text();
      const structuredProblems = checkStructuredData(html, page.structuredData);
      for (const problem of structuredProblems) fail(`structured data on ${page.name}: ${problem}`);
      rows.push({
        page: page.name,
        scores: await runLighthouse(page),
        axe: await runAxe(page),
        htmlErrors: await runHtmlValidate(page, html),
        structuredData: structuredProblems.length,
      });
    }
    const links = await runLinkCheck();
    printTable(rows, links);
  } finally {
    stop();
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} problem(s):`);
    for (const failure of failures) console.log(`- ${failure}`);
    return 1;
  }
  console.log('\nAll audits passed.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
