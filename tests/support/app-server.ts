/** Runs the production server (`node server.js`) or a worker (`node worker.js`) as a child process, offline. */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { TEST_ENCRYPTION_KEY } from "../setup/env";
import { API_KEY, API_SECRET_KEY } from "./shopify";

export type RunningProcess = { output: () => string; stop: () => Promise<void>; kill: () => void; child: ChildProcess };
export type RunningApp = RunningProcess & { url: string; port: number };

export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of an offline production process; the test's database and keys. */
function offlineEnv(port: number | null, extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    APP_MODE: "demo",
    HOST: "127.0.0.1",
    ...(port ? { PORT: String(port) } : {}),
    // A worker serves no pages; it only needs a well-formed app URL.
    SHOPIFY_APP_URL: `http://127.0.0.1:${port ?? 3000}`,
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET_KEY,
    APP_BRIDGE_URL: "/offline/app-bridge.js",
    TOKEN_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
}

export async function spawnProcess(script: string, env: NodeJS.ProcessEnv, readyText: string): Promise<RunningProcess> {
  const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 20 s:\n${output}`)), 20_000);
    const onData = () => {
      if (output.includes(readyText)) {
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${output}`));
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
  return {
    child,
    output: () => output,
    kill: () => child.kill("SIGKILL"),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function startAppServer(extraEnv: Record<string, string> = {}, port?: number): Promise<RunningApp> {
  port ??= await getFreePort();
  const running = await spawnProcess("server.js", offlineEnv(port, extraEnv), "app listening");
  return { ...running, url: `http://127.0.0.1:${port}`, port };
}

/** A standalone worker process (`npm run worker`), as deployed at scale. */
export async function startWorkerProcess(extraEnv: Record<string, string> = {}): Promise<RunningProcess> {
  return spawnProcess("worker.js", offlineEnv(null, { LOG_LEVEL: "info", ...extraEnv }), "job worker started");
}

/** What points an app process at this test's database and a HyperSKU simulator. */
export function simulatorEnv(simulator: { url: string }): Record<string, string> {
  return {
    DATABASE_URL: process.env.DATABASE_URL!,
    HYPERSKU_API_URL: simulator.url,
    HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
    HYPERSKU_CLIENT_ID: process.env.HYPERSKU_CLIENT_ID!,
    HYPERSKU_CLIENT_SECRET: process.env.HYPERSKU_CLIENT_SECRET!,
  };
}

