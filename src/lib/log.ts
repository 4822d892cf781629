type Level = 'info' | 'warn' | 'error';

/**
 * Writes one JSON object per event, so Workers Logs can filter and aggregate by
 * field instead of parsing free text.
 *
 * @example log('warn', 'kv_read_failed', { key: 'index/meta.json', error: String(err) })
 */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, event, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** The parts of an unknown thrown value worth logging. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}
