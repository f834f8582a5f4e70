/** Runs the production server (`node server.js`) as a child process, offline, on a free port. */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { API_KEY, API_SECRET_KEY } from "./shopify";

export type RunningApp = { url: string; port: number; output: () => string; stop: () => Promise<void> };

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

export async function startAppServer(extraEnv: Record<string, string> = {}, port?: number): Promise<RunningApp> {
  port ??= await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_MODE: "demo",
      HOST: "127.0.0.1",
      PORT: String(port),
      SHOPIFY_APP_URL: url,
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET_KEY,
      APP_BRIDGE_URL: "/offline/app-bridge.js",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start in 20 s:\n${output}`)), 20_000);
    const onData = () => {
      if (output.includes("app listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    port,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
