/**
 * The processes a benchmark starts: the production server (`node server.js`), a standalone worker
 * (`node worker.js`), the baseline server and one-off helper scripts (run with tsx's loader in the
 * same node process, so the pid we sample is the one doing the work). Every child is registered,
 * and killed when the benchmark ends, fails or is interrupted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { launchSettingsOf } from "../lib/launch-settings";

export type RunningProcess = {
  name: string;
  pid: number;
  /** The last 20 KB of its stdout and stderr, for error messages. */
  output: () => string;
  /** SIGTERM (graceful), then SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
};

const children = new Set<ChildProcess>();
const OUTPUT_LIMIT = 20_000;
let shuttingDown = false;

/** From now on no process may be started (the benchmark was interrupted); kills those running. */
export function shutDownProcesses(): void {
  shuttingDown = true;
  killAllChildren();
}

function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  if (shuttingDown) throw new Error("the benchmark is stopping");
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  return child;
}

export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
}

/**
 * BENCH_CPU_PROFILE_DIR=<dir>: server.js and worker.js also write a V8 CPU profile there when they
 * stop, for the note that says why a target was missed.
 */
function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}
/**
 * server.js or worker.js as `npm start` and `npm run worker` start them: their node flags and
 * environment (scripts/lib/launch-settings.ts), over `env`.
 */
export function startAppProcess(role: "server" | "worker", env: NodeJS.ProcessEnv, readyText: string): Promise<RunningProcess> {
  const launch = launchSettingsOf(role === "server" ? "start" : "worker");
  const file = `${role}.js`;
  return startProcess(file, [...launch.nodeFlags, ...profileFlags(), file], { ...env, ...launch.env }, readyText);
}

/** A TypeScript file run by node with tsx's loader (`node --import tsx file.ts`): one process. */
export const tsxArgs = (file: string) => ["--import", "tsx", file];

export async function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  timeoutMs = 30_000,
): Promise<RunningProcess> {
  const child = spawnChild(process.execPath, args, env);
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_LIMIT * 2) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => children.delete(child));

  await new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => fail(new Error(`${name} did not start in ${timeoutMs / 1000} s:\n${output.slice(-4000)}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(readyText)) done();
    };
    const onExit = (code: number | null) => fail(new Error(`${name} exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
    }
    function done() {
      cleanup();
      resolve();
    }
    function fail(error: Error) {
      cleanup();
      child.kill("SIGKILL");
      reject(error);
    }
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });

  return {
    name,
    pid: child.pid!,
    output: () => output.slice(-OUTPUT_LIMIT),
    async stop(graceMs = 25_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a helper to completion (migrations, connecting the shop); throws with its output on failure. */
export async function runToCompletion(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<string> {
  const { code, signal, output } = await runCapturingOutput(command, args, env, timeoutMs);
  if (code !== 0) throw new Error(`${name} failed (${signal ?? code}):\n${output.slice(-4000)}`);
  return output;
}

/** Runs a command to its end (killed after `timeoutMs`) and returns its exit code and output. */
export function runCapturingOutput(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawnChild(command, args, env);
    } catch (error) {
      return reject(error);
    }
    let output = "";
    child.stdout?.on("data", (chunk) => (output = (output + chunk).slice(-OUTPUT_LIMIT)));
    child.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-OUTPUT_LIMIT)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, signal, output });
    });
  });
}
