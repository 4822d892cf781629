import { createFactory } from 'hono/factory';
import { parseCalendarDate } from '../lib/dates';
import type { InstitutionalPage } from '../pages/institutional/table';
import type { AppEnv } from '../site/app-env';

const factory = createFactory<AppEnv>();

/** The route of an institutional page (src/pages/institutional/table.ts): it needs nothing but the site settings. */
export function institutionalRoute({ path, title, description, lastmod, Page }: InstitutionalPage) {
  const updated = parseCalendarDate(lastmod);
  if (!updated) throw new Error(`${path}: lastmod "${lastmod}" is not a calendar date`);
  return factory.createHandlers(function institutionalPage(c) {
    return c.render(<Page site={c.var.site} updated={updated} />, { title, description });
  });
}
