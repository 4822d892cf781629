import type { Context } from 'hono';

/**
 * A POST's form as text fields (the newsroom's forms carry no files), read
 * once per request (Hono keeps the parsed body), or null when the body is
 * not the form it claims to be. Every newsroom POST is a form: the
 * anti-forgery check refuses anything else first (anti-forgery.ts).
 */
export async function postedForm(c: Context): Promise<URLSearchParams | null> {
  try {
    const form = await c.req.formData();
    return new URLSearchParams([...form].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
  } catch {
    return null;
  }
}
