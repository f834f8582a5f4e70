/**
 * Resident set size and CPU use of child processes, read from /proc (Linux): VmRSS sampled every
 * 100 ms while a load runs (its peak is what we report), VmHWM, the kernel's own high-water mark
 * over the process's life, as a cross-check, and the CPU time used over the sampling period (share
 * of one core), which tells whether a process was busy or waiting. Elsewhere: "not measured".
 */
import fs from "node:fs";

export type RssFigures = {
  /** The first sample, taken as the load starts (for a fresh process: its idle footprint). */
  startMb: number | null;
  peakMb: number | null;
  highWaterMb: number | null;
  samples: number;
  /** CPU time over the sampling period / its wall time, in % of one core (null: unknown). */
  cpuPercent: number | null;
};

function readStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/** utime + stime in seconds (/proc reports clock ticks, USER_HZ, which Linux fixes at 100). */
function readCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const toMb = (kb: number | null) => (kb === null ? null : kb / 1024);

export interface RssSampler {
  /** Stops sampling (again: returns the same figures); the peak is over the sampling period only. */
  stop(): RssFigures;
}

export function sampleRss(pid: number, intervalMs = 100): RssSampler {
  let peakKb: number | null = null;
  let startKb: number | null = null;
  let samples = 0;
  const startedAt = Date.now();
  const cpuAtStart = readCpuSeconds(pid);
  let lastCpu = cpuAtStart;
  const take = () => {
    const kb = readStatusKb(pid, "VmRSS");
    if (kb === null) return;
    samples += 1;
    startKb ??= kb;
    peakKb = Math.max(peakKb ?? 0, kb);
    lastCpu = readCpuSeconds(pid) ?? lastCpu;
  };
  take();
  const timer = setInterval(take, intervalMs);
  let result: RssFigures | undefined;
  return {
    stop() {
      if (result) return result;
      clearInterval(timer);
      take();
      const seconds = (Date.now() - startedAt) / 1000;
      const cpuPercent = cpuAtStart === null || lastCpu === null || seconds <= 0 ? null : ((lastCpu - cpuAtStart) / seconds) * 100;
      result = { startMb: toMb(startKb), peakMb: toMb(peakKb), highWaterMb: toMb(readStatusKb(pid, "VmHWM")), samples, cpuPercent };
      return result;
    },
  };
}

/** The larger of two measurements of one process role (e.g. the web process in two phases). */
export function maxRss(...figures: (RssFigures | undefined)[]): RssFigures | undefined {
  const known = figures.filter((f): f is RssFigures => f !== undefined && f.peakMb !== null);
  if (known.length === 0) return figures.find((f) => f !== undefined);
  return known.reduce((a, b) => ((b.peakMb ?? 0) > (a.peakMb ?? 0) ? b : a));
}

/** utime + stime, in seconds, of every process on this machine whose command is `name` (a local PostgreSQL's backends). */
function readCpuSecondsOfCommand(name: string): number | null {
  let total = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null; // not Linux
  }
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export interface CpuSampler {
  /** The CPU used since the start, in % of one core (null: unknown, e.g. not Linux). */
  stop(): number | null;
}

/**
 * The CPU a local database server spends over a load (all its processes: backends, WAL writer,
 * checkpointer), in % of one core. It shares the machine's cores with the app, so what it spends
 * per request limits the app as much as the app's own CPU does. Only meaningful for a server on
 * this machine; elsewhere it reads 0% (its processes are not here) or null (not Linux).
 */
export function sampleCommandCpu(name: string): CpuSampler {
  const startedAt = Date.now();
  const atStart = readCpuSecondsOfCommand(name);
  return {
    stop() {
      const atEnd = readCpuSecondsOfCommand(name);
      const seconds = (Date.now() - startedAt) / 1000;
      return atStart === null || atEnd === null || seconds <= 0 ? null : ((atEnd - atStart) / seconds) * 100;
    },
  };
}
