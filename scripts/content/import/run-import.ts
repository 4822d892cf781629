import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredAuthor } from '../../../src/content/index/index-build.ts';
import type { ImportedDraft } from '../../../src/newsroom/api/wire.ts';
import type { PreparedArticle } from '../../../src/publishing/plan/prepared-article.ts';
import { oldAddressKey } from '../../../src/redirects/old-address.ts';
import type { Newsroom } from '../../lib/newsroom-client.ts';
import { planImport } from './plan.ts';
import { type PreparedPost, preparePost } from './prepare-post.ts';
import { emptyReport, type ImportReport } from './report.ts';
import { scanExport } from './scan.ts';
import { proposeThemes, readThemesFile, type ThemesMap, termKey, themesFile } from './themes-map.ts';
import { plainText } from './wordpress/wp-fields.ts';
import { readWxr, type WxrItem } from './wordpress/wxr-reader.ts';

/**
 * `content:import`: a WordPress site into this one, through the newsroom's
 * API like every publish (docs/importing-from-wordpress.md). Two passes over
 * the export, never holding it whole: the first reads everything but the
 * texts and plans every item (plan.ts); the second converts each post
 * (prepare-post.ts) and sends them in batches, articles through the publish
 * route (the engine's lock, its content-addressed keys, the search, the
 * history) and drafts through the import's own. Each batch is all or
 * nothing, and each post recorded once done, so a run stopped anywhere
 * (Ctrl-C, kill -9) is finished by the next one, which skips what is done.
 */

/** Part of every post's hash: a change to the import's own rules converts every post again. */
const IMPORT_RULES = 'wordpress-import-1';
/** A batch is sent at this many articles or drafts, or this many bytes of images, well inside what the API takes. */
const BATCH_POSTS = 50;
const BATCH_BYTES = 20 * 1024 * 1024;

export interface ImportOptions {
  exportPath: string;
  uploadsDir: string;
  themesPath?: string;
  /** Where the report and the themes file are written. */
  outDir: string;
  dryRun: boolean;
  newsroom: Newsroom;
  now: Date;
  /** Where the second pass is: the progress line ("312 de 507 posts"). */
  progress: (done: number, total: number) => void;
}

/** The old site's own address: what its posts are recorded under, and the hosts its links and images name. */
function siteOf(index: { baseSiteUrl: string; baseBlogUrl: string; link: string }) {
  const given = [index.baseSiteUrl, index.baseBlogUrl, index.link].filter((url) => URL.canParse(url)).map((url) => new URL(url));
  if (given.length === 0) return null;
  const origin = `${given[0]!.origin}${given[0]!.pathname.replace(/\/+$/, '')}`;
  const hosts = new Set(given.flatMap(({ hostname }) => [hostname, hostname.startsWith('www.') ? hostname.slice(4) : `www.${hostname}`]));
  return { origin, hosts: [...hosts] };
}

/** What decides a post's result: a post whose hash is recorded was imported exactly so before. */
function sourceHash(item: WxrItem, themes: ThemesMap, author: string): string {
  const json = JSON.stringify([IMPORT_RULES, item, item.terms.map((term) => themes.get(termKey(term)) ?? null), author]);
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

export async function runImport(options: ImportOptions): Promise<{ report: ImportReport; ok: boolean }> {
  const { newsroom } = options;
  const index = await scanExport(options.exportPath);
  const site = siteOf(index.site);
  if (!site) throw new Error('o arquivo não diz o endereço do site antigo (<wp:base_site_url>): é mesmo uma exportação do WordPress?');
  mkdirSync(options.outDir, { recursive: true });
  const themesPath = options.themesPath ?? join(options.outDir, 'temas.yaml');
  let themes: ThemesMap;
  if (options.themesPath) {
    const read = readThemesFile(options.themesPath);
    if ('problem' in read) throw new Error(read.problem);
    themes = read;
  } else {
    themes = proposeThemes(index.terms);
    if (!existsSync(themesPath)) writeFileSync(themesPath, themesFile(index.terms, themes));
  }
  const report = emptyReport(site.origin, options.dryRun, themesPath);
  report.items = index.items.length;
  report.comments = index.items.reduce((sum, item) => sum + item.commentCount, 0);
  report.unmappedTerms = index.terms
    .filter((term) => (term.taxonomy === 'category' || term.taxonomy === 'post_tag') && !themes.get(termKey(term)))
    .map((term) => term.name);

  const live = await newsroom.live();
  const liveTitles = new Map(
    (live.items as { slug?: unknown; titulo?: unknown }[]).flatMap((item) =>
      typeof item.slug === 'string' && typeof item.titulo === 'string' ? [[item.slug, item.titulo] as const] : [],
    ),
  );
  const records = new Map((await newsroom.imported(site.origin)).posts.map((post) => [post.postId, post]));
  const plan = planImport(index, {
    live: liveTitles,
    recorded: new Map([...records.values()].flatMap((post) => (post.slug ? [[post.postId, post.slug] as const] : []))),
    liveAuthors: new Set(live.authors),
    themes,
  });
  for (const item of index.items) {
    const fate = plan.fates.get(item.id);
    if (fate?.kind === 'skipped') report.skipped.push({ id: item.id, title: item.title, why: fate.reason });
    const renamed = plan.renamed.get(item.id);
    if (renamed) report.renamed.push({ id: item.id, title: item.title, from: item.postName, to: renamed });
  }
  const newAuthors = [...plan.authors.values()].filter((author) => !author.live);
  report.newAuthors = newAuthors.map((author) => author.name);

  const knownSlugs = new Set([
    ...liveTitles.keys(),
    ...[...plan.fates.values()].flatMap((fate) => (fate.kind === 'article' ? [fate.slug] : [])),
  ]);
  // Only the old site's own links: another site's /category/x/ is not ours to rewrite.
  const linkTarget = (url: string) => {
    if (!URL.canParse(url, site.origin) || !site.hosts.includes(new URL(url, site.origin).hostname)) return null;
    const key = oldAddressKey(url);
    return key === null ? null : (plan.targets.get(key) ?? null);
  };
  const context = {
    index,
    uploadsDir: options.uploadsDir,
    siteHosts: site.hosts,
    themes,
    authors: plan.authors,
    linkTarget,
    knownSlugs,
    now: options.now,
  };

  const total = index.items.filter((item) => plan.fates.get(item.id)?.kind !== 'skipped').length;
  let done = 0;
  const redirects = [...plan.redirects];
  let articles: { article: PreparedArticle; postId: number; sourceHash: string; title: string }[] = [];
  let drafts: { draft: ImportedDraft; files: Map<string, Uint8Array>; title: string; why: string[] }[] = [];
  const bytesOf = (files: Iterable<{ byteLength: number }>) => [...files].reduce((sum, file) => sum + file.byteLength, 0);

  const sendArticles = async () => {
    if (articles.length === 0) return;
    const batch = articles;
    articles = [];
    const used = new Set(batch.map(({ article }) => article.item.autor));
    const authors: Record<string, StoredAuthor> = Object.fromEntries(
      newAuthors.filter((author) => used.has(author.slug)).map((author) => [author.slug, newAuthor(author.name)]),
    );
    const answer = await newsroom.publish(
      batch.map(({ article }) => article),
      { authors, photos: [] },
      {
        replace: true,
        dryRun: options.dryRun,
        imported: { origin: site.origin, posts: batch.map(({ postId, sourceHash: hash }) => ({ postId, sourceHash: hash })) },
      },
    );
    if (!answer.ok && !options.dryRun) throw new Error(answer.message);
    for (const { article, postId, title } of batch) report.published.push({ id: postId, title, slug: article.item.slug });
  };
  const sendDrafts = async () => {
    if (drafts.length === 0) return;
    const batch = drafts;
    drafts = [];
    const outcomes = new Map<number, string>();
    if (!options.dryRun) {
      const files = new Map(batch.flatMap(({ files: own }) => [...own]));
      const answer = await newsroom.importDrafts({ origin: site.origin, drafts: batch.map(({ draft }) => draft), dryRun: false }, files);
      for (const line of answer.lines) {
        const match = /^post (\d+): (.*)$/.exec(line);
        if (match) outcomes.set(Number(match[1]), match[2]!);
      }
    }
    for (const { draft, title } of batch) {
      report.drafts.push({
        id: draft.postId,
        title,
        why: draft.notes,
        result: outcomes.get(draft.postId) ?? (options.dryRun ? 'seria rascunho' : 'enviado'),
      });
    }
  };

  try {
    await secondPass();
    if (options.dryRun) report.redirects = new Set(redirects.map(({ from }) => oldAddressKey(from))).size;
    else {
      const stored = await newsroom.redirects(redirects);
      report.redirects = stored.written;
      report.redirectsKept = stored.unchanged;
      report.refusedRedirects = stored.refused;
    }
  } catch (error) {
    // Every batch before this one is live and recorded: the next run goes on from here.
    report.stopped = error instanceof Error ? error.message : String(error);
  }
  return { report, ok: report.stopped === null };

  async function secondPass() {
    for await (const entry of readWxr(options.exportPath)) {
      if (entry.kind !== 'item') continue;
      const item = entry.item;
      const fate = plan.fates.get(item.id);
      if (!fate || fate.kind === 'skipped') continue;
      done++;
      options.progress(done, total);
      const author = plan.authors.get(item.creator);
      const hash = sourceHash(item, themes, author?.slug ?? '');
      const record = records.get(item.id);
      if (record && record.sourceHash === hash && (record.slug || record.draftId)) {
        report.unchanged.push({ id: item.id, title: plainText(item.title) });
        continue;
      }
      const prepared: PreparedPost = await preparePost(item, fate, context);
      collectNotes(report, item, prepared);
      if (prepared.kind === 'article') {
        articles.push({ article: prepared.article, postId: item.id, sourceHash: hash, title: plainText(item.title) });
        redirects.push(...prepared.images);
        const bytes = bytesOf(
          articles.flatMap(({ article }) => [
            article.image.bytes,
            ...article.variants.map((v) => v.value),
            ...(article.figures ?? []).map((f) => f.bytes),
          ]),
        );
        if (articles.length >= BATCH_POSTS || bytes >= BATCH_BYTES) await sendArticles();
      } else {
        const email = index.authors.get(item.creator)?.email ?? '';
        drafts.push({
          draft: { ...prepared.draft, sourceHash: hash, createdBy: email },
          files: prepared.files,
          title: plainText(item.title),
          why: [...prepared.notes.problems, ...prepared.notes.refusals],
        });
        if (drafts.length >= BATCH_POSTS || bytesOf(drafts.flatMap(({ files }) => [...files.values()])) >= BATCH_BYTES) await sendDrafts();
      }
    }
    await sendArticles();
    await sendDrafts();
  }
}

/** A new author as the registry requires one: the display name, and a role and bio the editors complete. */
const newAuthor = (name: string): StoredAuthor => ({
  nome: name.slice(0, 80).padEnd(3, '.'),
  cargo: 'Redação',
  bio: `Textos de ${name} publicados no site.`.slice(0, 600),
});

function collectNotes(report: ImportReport, item: WxrItem, prepared: PreparedPost) {
  const { notes } = prepared;
  const post = { id: item.id, title: plainText(item.title) };
  for (const name of notes.unknownShortcodes) report.unknownShortcodes.set(name, [...(report.unknownShortcodes.get(name) ?? []), post]);
  for (const [kind, count] of Object.entries(notes.removed)) report.removed.set(kind, (report.removed.get(kind) ?? 0) + (count ?? 0));
  for (const what of notes.images) report.images.push({ ...post, what });
  for (const url of notes.embeds) report.embeds.push({ ...post, url });
  if (notes.altMissing > 0) report.altMissing.push({ ...post, count: notes.altMissing });
  for (const name of notes.dynamicBlocks) report.dynamicBlocks.set(name, [...(report.dynamicBlocks.get(name) ?? []), post]);
  if (prepared.kind === 'article')
    report.descriptions.set(notes.descriptionSource, (report.descriptions.get(notes.descriptionSource) ?? 0) + 1);
}
