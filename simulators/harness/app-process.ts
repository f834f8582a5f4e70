/**
 * Runs the production server (`node server.js`) or a worker (`node worker.js`) as a child process,
 * offline: demo mode on 127.0.0.1 with the offline keys, embedded pages loading App Bridge from the
 * Shopify twin. Used by tests and the admin benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { APP_BRIDGE_PATH, startShopifyAdminServer } from "../shopify/admin-server";
import { API_KEY, API_SECRET_KEY, TEST_ENCRYPTION_KEY } from "./offline-keys";

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

/** The environment of an offline production process; the caller's database and keys. */
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
    TOKEN_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: "warn",
    // Demo mode writes notification e-mails to a folder: one outside the work tree.
    MAIL_OUTBOX_DIR: path.join(os.tmpdir(), `hypersku-outbox-${process.pid}`),
    // No catalogue sync on its own: these processes forward orders for products the twins' catalogues
    // do not hold, which a synced catalogue would hold as "needs sourcing" (docs/decisions/0027). A
    // catalogue journey presses Sync now, or passes CATALOGUE_SYNC_HOURS.
    CATALOGUE_SYNC_HOURS: "0",
    ...extraEnv,
  };
}

async function spawnProcess(script: string, env: NodeJS.ProcessEnv, readyText: string): Promise<RunningProcess> {
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

/**
 * The web process. Its pages load App Bridge from the Shopify twin named by SHOPIFY_ADMIN_FAKE_URL;
 * without one it gets a twin of its own, closed with it, for that script alone.
 */
export async function startAppServer(extraEnv: Record<string, string> = {}, port?: number): Promise<RunningApp> {
  const ownTwin = extraEnv.SHOPIFY_ADMIN_FAKE_URL ? null : await startShopifyAdminServer();
  const twinUrl = ownTwin?.url ?? extraEnv.SHOPIFY_ADMIN_FAKE_URL;
  const start = async (attempt: number): Promise<RunningApp> => {
    const chosen = port ?? (await getFreePort());
    const env = offlineEnv(chosen, { APP_BRIDGE_URL: `${twinUrl}${APP_BRIDGE_PATH}`, ...shopifyTwinEnv(twinUrl!), ...extraEnv });
    try {
      const running = await spawnProcess("server.js", env, "app listening");
      return { ...running, url: `http://127.0.0.1:${chosen}`, port: chosen };
    } catch (error) {
      // A free port can be taken between the probe and the child's listen (another test's server, or
      // the kernel handing it out as an outgoing connection's source port): take another one.
      const taken = error instanceof Error && error.message.includes("EADDRINUSE");
      if (taken && port === undefined && attempt < PORT_ATTEMPTS) return start(attempt + 1);
      throw error;
    }
  };
  const running = await start(1).catch(async (error: unknown) => {
    await ownTwin?.close();
    throw error;
  });
  running.child.once("exit", () => void ownTwin?.close());
  return running;
}

const PORT_ATTEMPTS = 5;

/**
 * Shopify's Admin API for an offline process is the twin at `url` (the fetch preload redirects the
 * app's calls there): a process never reaches for the real Shopify, which tests cannot reach.
 */
export function shopifyTwinEnv(url: string): Record<string, string> {
  return { SHOPIFY_ADMIN_FAKE_URL: url, NODE_OPTIONS: `--import=${path.resolve("simulators/shopify/admin-fetch-preload.mjs")}` };
}

/**
 * A standalone worker process (`npm run worker`), as deployed at scale. Its Shopify is the twin
 * named by SHOPIFY_ADMIN_FAKE_URL, else one of its own, closed with it.
 */
export async function startWorkerProcess(extraEnv: Record<string, string> = {}): Promise<RunningProcess> {
  const ownTwin = extraEnv.SHOPIFY_ADMIN_FAKE_URL ? null : await startShopifyAdminServer();
  const env = offlineEnv(null, { LOG_LEVEL: "info", ...(ownTwin ? shopifyTwinEnv(ownTwin.url) : {}), ...extraEnv });
  const running = await spawnProcess("worker.js", env, "job worker started").catch(async (error: unknown) => {
    await ownTwin?.close();
    throw error;
  });
  running.child.once("exit", () => void ownTwin?.close());
  return running;
}
