// `npm run simulator`: starts, is driven by its own subcommands over /__sim/, and stops cleanly on
// SIGTERM with its state saved. Runs the CLI as a real child process (through tsx, as npm does).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { PATHS, buildExternalOrder } from "./test-support";

const CLI = path.join(import.meta.dirname, "cli.ts");
const run = promisify(execFile);
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A clean environment, so the test's own HYPERSKU_* settings do not leak into the CLI. */
function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "", NODE_ENV: "development", ...extra };
}

describe("simulator CLI", () => {
  it("starts, advances orders on command, and saves its state when stopped with SIGTERM", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-cli-"));
    dirs.push(dir);
    const stateFile = path.join(dir, "state.json");
    const server = spawn(process.execPath, ["--import", "tsx", CLI], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: cliEnv({ HYPERSKU_SIMULATOR_PORT: "0", HYPERSKU_SIMULATOR_STATE_FILE: stateFile }),
    });
    children.push(server);
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 10_000, interval: 50 }).toMatch(/listening on (http:\/\/\S+)/);
    const url = /listening on (http:\/\/\S+)/.exec(output)![1];

    const { code } = await (await fetch(`${url}/__sim/codes`, { method: "POST" })).json();
    const tokenResponse = await fetch(url + PATHS.accessToken, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ clientId: "sim-client-id", clientSecret: "sim-client-secret", code }),
    });
    const { accessToken } = (await tokenResponse.json()).data;
    await fetch(url + PATHS.create, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: accessToken },
      body: JSON.stringify(buildExternalOrder()),
    });

    const commandEnv = { cwd: path.resolve(import.meta.dirname, "../.."), env: cliEnv({ HYPERSKU_SIMULATOR_URL: url }) };
    const advanced = await run(process.execPath, ["--import", "tsx", CLI, "advance", "all", "--to", "shipping", "--split"], commandEnv);
    expect(advanced.stdout).toMatch(/^1000001 {2}store order \d+ {2}14 Split Shipment {2}\S+ \S+, \S+/);

    const sourced = await run(process.execPath, ["--import", "tsx", CLI, "source", "all", "--to", "sourced"], commandEnv);
    expect(sourced.stdout).toMatch(/store product 7200000000002 {2}Linen Tote Bag {2}Sourced\n {4}SKU \d+ {2}variant 43200000000021/);
    const listed = await run(process.execPath, ["--import", "tsx", CLI, "catalogue"], commandEnv);
    expect(listed.stdout).toContain("stock 120");

    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("stopped; state saved");
    expect(JSON.parse(fs.readFileSync(stateFile, "utf8")).state.orders[0].order.orderBaseInfo.status).toBe(14);
  });

  it("explains when no simulator is running", async () => {
    const failure = await run(process.execPath, ["--import", "tsx", CLI, "orders"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: cliEnv({ HYPERSKU_SIMULATOR_URL: "http://127.0.0.1:9" }),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("No HyperSKU simulator answers at http://127.0.0.1:9") });
  });
});
