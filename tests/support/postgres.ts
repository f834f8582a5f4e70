/** PostgreSQL for tests: reachability, and one database per test file cloned from a migrated template. */
import net from "node:net";
import pg from "pg";

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export function databaseUrl(database: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export function isPostgresReachable(timeoutMs = 1_000): Promise<boolean> {
  const { hostname, port } = new URL(TEST_POSTGRES_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export async function withAdminConnection<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
