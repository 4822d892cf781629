/**
 * Ends the process with `code` once everything written to stdout and stderr
 * has left it: every exit of the editors' commands goes through here.
 *
 * `process.exit` alone drops what is still queued. On a pipe (`npm run
 * content:check -- content | cat`, a CI log) Node writes at once what fits in
 * the pipe (64 KiB on Linux) and queues the rest, which an immediate exit
 * loses, summary line included. An empty write's callback runs once every
 * write queued before it is done (or has failed: a reader that went away).
 * The exit itself stays explicit rather than left to Node's natural end
 * (`process.exitCode` alone): a local store opened with wrangler's
 * getPlatformProxy (local-bindings.ts) keeps the process alive.
 */
export function exitAfterOutput(code: number): void {
  process.exitCode = code;
  let waiting = 2;
  const written = () => {
    waiting -= 1;
    if (waiting === 0) process.exit(code);
  };
  process.stdout.write('', written);
  process.stderr.write('', written);
}
