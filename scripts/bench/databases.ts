/**
 * Fresh databases per phase, all cloned from one template that is migrated and has the bench shop
 * connected: SQLite files in a temp directory (copied), PostgreSQL scratch databases (CREATE
 * DATABASE ... TEMPLATE). Everything created is removed by `dispose()`, also after a failure.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { runToCompletion, tsxArgs } from "./processes";
import {
  BENCH_API_KEY,
  BENCH_API_SECRET,
  BENCH_SHOP,
  CONNECT_APP_URL,
  HYPERSKU_CLIENT_ID,
  HYPERSKU_CLIENT_SECRET,
  TOKEN_ENCRYPTION_KEYS,
} from "./settings";

export type Engine = "sqlite" | "postgresql";

export interface BenchDatabases {
  engine: Engine;
  /** A new database with the template's content; its DATABASE_URL. */
  fresh(phase: string): Promise<string>;
  dispose(): Promise<void>;
}

const disposers = new Set<() => Promise<void> | void>();
let closed = false;

/** Removes whatever is left (on Ctrl-C or a crash); no database can be created after this. */
export async function disposeAllDatabases(): Promise<void> {
  closed = true;
  for (const dispose of [...disposers]) await Promise.resolve(dispose()).catch(() => undefined);
  disposers.clear();
}

async function migrateAndConnect(databaseUrl: string, simulator: HyperskuSimulator) {
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  await runToCompletion("migration", process.execPath, ["scripts/db/migrate.mjs"], env);
  await runToCompletion("connecting the bench shop", process.execPath, tsxArgs("scripts/bench/prepare-shop.ts"), {
    ...env,
    NODE_ENV: "production",
    APP_MODE: "demo",
    LOG_LEVEL: "warn",
    SHOPIFY_APP_URL: CONNECT_APP_URL,
    SHOPIFY_API_KEY: BENCH_API_KEY,
    SHOPIFY_API_SECRET: BENCH_API_SECRET,
    TOKEN_ENCRYPTION_KEYS,
    HYPERSKU_CLIENT_ID,
    HYPERSKU_CLIENT_SECRET,
    HYPERSKU_API_URL: simulator.url,
    HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
    BENCH_SHOP,
    BENCH_AUTH_CODE: simulator.control.issueAuthorizationCode(),
  });
}

export async function createSqliteDatabases(simulator: HyperskuSimulator): Promise<BenchDatabases> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-bench-"));
  const dispose = () => fs.rmSync(dir, { recursive: true, force: true });
  disposers.add(dispose);
  const template = path.join(dir, "template.sqlite");
  await migrateAndConnect(`file:${template}`, simulator);
  return {
    engine: "sqlite",
    async fresh(phase) {
      if (closed) throw new Error("the benchmark is stopping");
      const file = path.join(dir, `${phase}.sqlite`);
      for (const suffix of ["", "-wal", "-shm"]) {
        if (fs.existsSync(template + suffix)) fs.copyFileSync(template + suffix, file + suffix);
      }
      return `file:${file}`;
    },
    async dispose() {
      dispose();
      disposers.delete(dispose);
    },
  };
}

export function postgresAdminUrl(): string {
  return process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
}

function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function isPostgresReachable(): Promise<boolean> {
  return withAdmin(async (client) => (await client.query("SELECT 1")).rowCount === 1).catch(() => false);
}

export async function createPostgresDatabases(simulator: HyperskuSimulator): Promise<BenchDatabases> {
  const prefix = `hypersku_bench_${process.pid}`;
  const created: string[] = [];
  const dropAll = async () => {
    const names = created.splice(0).reverse();
    if (names.length === 0) return;
    await withAdmin(async (client) => {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  };
  disposers.add(dropAll);
  const create = async (name: string, template?: string) => {
    if (closed) throw new Error("the benchmark is stopping");
    await withAdmin((client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
    created.push(name);
    // Interrupted while it was being created: the cleanup may have run already.
    if (closed) {
      await dropAll();
      throw new Error("the benchmark is stopping");
    }
    return databaseUrl(name);
  };
  const templateName = `${prefix}_template`;
  await migrateAndConnect(await create(templateName), simulator);
  return {
    engine: "postgresql",
    fresh: (phase) => create(`${prefix}_${phase.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`, templateName),
    async dispose() {
      await dropAll();
      disposers.delete(dropAll);
    },
  };
}
