/**
 * CPU time of processes from /proc (Linux): every thread's on-CPU time, in
 * nanoseconds, from /proc/<pid>/task/<tid>/schedstat.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU nanoseconds all of a process's threads have used so far (0 once it is gone). */
export function threadsCpuNanos(pid: number): number {
  let total = 0;
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of threads) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile: its time is gone with it either way
    }
  }
  return total;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux, for every architecture in use). */
const TICKS_PER_SECOND = 100;

/**
 * CPU nanoseconds a process has used so far, its ended threads included (0
 * once it is gone). Coarser than {@link threadsCpuNanos} (10 ms ticks), but it
 * never goes back when a thread ends: for processes whose threads come and go
 * over a run of thousands of requests.
 */
export function processCpuNanos(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime are fields 14 and 15; the command name (field 2) may hold spaces, so count after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e9) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The parent of a process, or -1 once it is gone. */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: read after its last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** A process and all its descendants. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const parent = parentOf(pid);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** The command line of a process ('' once it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
