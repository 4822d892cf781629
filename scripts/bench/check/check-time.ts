/**
 * One `content:check` of one article folder, timed in a fresh process (what
 * an editor's run costs, less tsx's start-up): prints, as JSON, the check's
 * wall and CPU time, the process's peak memory, how many problems it listed
 * and the first of the body's errors (else of its warnings). A body that kills the check (the process
 * runs out of memory or stack) is reported by the caller from the exit.
 * Usage: tsx scripts/bench/check/check-time.ts <article folder>
 */
import { checkContent } from '../../content/check/check-folder.ts';

const folder = process.argv[2]!;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { problems } = await checkContent(folder);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const ofBody = problems.filter((problem) => problem.field.startsWith('body'));
const body = ofBody.find((problem) => problem.severity === 'error') ?? ofBody[0];
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    problems: problems.length,
    errors: problems.filter((problem) => problem.severity === 'error').length,
    first: body ? `${body.message} (fix: ${body.hint})` : '',
  }),
);
