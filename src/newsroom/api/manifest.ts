import * as v from 'valibot';
import { PUBLISH_PARTS } from './wire';

/**
 * The JSON manifest of a multipart API request (its `pedido` part:
 * wire.ts), read by `schema`: its value, or null when the part is missing,
 * is not JSON or is not what the schema describes.
 */
export function manifestOf<S extends v.GenericSchema>(form: FormData, schema: S): v.InferOutput<S> | null {
  const text = form.get(PUBLISH_PARTS.manifest);
  if (typeof text !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(schema, json);
  return parsed.success ? parsed.output : null;
}

/**
 * The files of a multipart API request, by the names their parts give them
 * (`arquivo:<name>`), or the first part so named that is not a file, for the
 * refusal to name it.
 */
export async function filesOf(form: FormData): Promise<Map<string, Uint8Array> | { notAFile: string }> {
  const prefix = PUBLISH_PARTS.file('');
  const files = new Map<string, Uint8Array>();
  for (const [name, value] of form) {
    if (!name.startsWith(prefix)) continue;
    if (!(value instanceof File)) return { notAFile: name.slice(0, 100) };
    files.set(name.slice(prefix.length), new Uint8Array(await value.arrayBuffer()));
  }
  return files;
}
