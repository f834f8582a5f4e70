/**
 * The PostgreSQL driver adapter (Prisma's pg adapter), made to fail fast and heal after a storage
 * fault instead of wedging (docs/decisions/0006).
 *
 * - Every wait is bounded: a connection from the pool (or a new one) within `connectTimeoutMs`,
 *   a statement within `queryTimeoutMs`. node-postgres waits forever by default.
 * - A transaction always gives its connection back. Prisma's adapter returns it in commit() or
 *   rollback(), which Prisma does not call when the COMMIT or ROLLBACK statement itself fails (a
 *   connection killed mid-transaction): each such connection was lost to the pool for good, and
 *   after ten of them every query waited forever.
 * - A connection that saw a storage fault is closed, not reused. Its session may keep what it
 *   started with: `default_transaction_read_only` set while the database was read-only, or a
 *   server that has since become a read-only standby. Only a new connection sees the database as
 *   it is now. (Statements outside transactions already get this from pg-pool, which closes a
 *   connection whose query failed.)
 */
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { isStorageFault } from "../storage-fault";

export interface PostgresAdapterOptions {
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

/**
 * Closes the transaction's connection instead of returning it to the pool. Prisma's PgTransaction
 * keeps the pool's client in `client` (adapter-pg 6.19); pg-pool closes a client released with an
 * error. Without that field, the connection is returned as usual.
 */
async function discardConnection(transaction: Transaction, reason: unknown): Promise<void> {
  const client = (transaction as unknown as { client?: { release?: (error?: Error) => void } }).client;
  if (typeof client?.release !== "function") return transaction.rollback();
  client.release(reason instanceof Error ? reason : new Error(String(reason)));
}

function guardTransaction(transaction: Transaction): Transaction {
  let closed = false;
  /** Set when this connection must not be reused. */
  let fault: unknown;

  async function giveBack(ending: "commit" | "rollback") {
    if (closed) return;
    closed = true;
    if (fault !== undefined) await discardConnection(transaction, fault);
    else await transaction[ending]();
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isStorageFault(error)) fault ??= error;
      throw error;
    }
  }

  /** COMMIT or ROLLBACK, as Prisma sends them: whatever happens, the connection goes back. */
  async function end(query: SqlQuery): Promise<number> {
    const committing = /^\s*COMMIT\b/i.test(query.sql);
    try {
      return await transaction.executeRaw(query);
    } catch (error) {
      // A refused COMMIT (a serialization failure) ends the transaction on a healthy connection;
      // after anything else we cannot know the connection's state.
      if (!committing || isStorageFault(error)) fault ??= error;
      throw error;
    } finally {
      await giveBack(committing ? "commit" : "rollback");
    }
  }

  // Prisma sends COMMIT or ROLLBACK through executeRaw first, then calls commit() or rollback();
  // called alone, they end the transaction too, so no connection goes back to the pool inside one.
  const ending = (sql: "COMMIT" | "ROLLBACK") => async () => {
    if (!closed) await end({ sql, args: [], argTypes: [] });
  };
  return Object.assign(Object.create(transaction) as Transaction, {
    queryRaw: (query: SqlQuery) => run(() => transaction.queryRaw(query)),
    executeRaw: (query: SqlQuery) => (/^\s*(COMMIT|ROLLBACK)\s*$/i.test(query.sql) ? end(query) : run(() => transaction.executeRaw(query))),
    commit: ending("COMMIT"),
    rollback: ending("ROLLBACK"),
  });
}

/** Wraps the pg adapter's transactions (exported for tests). */
export function guardPostgresAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    // If BEGIN fails, Prisma's adapter releases the connection itself (with the error: closed).
    startTransaction: async (isolationLevel?: IsolationLevel) => guardTransaction(await adapter.startTransaction(isolationLevel)),
  });
}

export function createPostgresAdapter(url: string, options: PostgresAdapterOptions = {}): SqlMigrationAwareDriverAdapterFactory {
  const { connectTimeoutMs = 5_000, queryTimeoutMs = 30_000 } = options;
  const inner = new PrismaPg({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: queryTimeoutMs,
    // Notice a server that vanished without closing the connection (a network partition, a VM gone).
    keepAlive: true,
    // Statements issued together are written together instead of each waiting for the one before:
    // the lean intake's transactions (pipelined-transaction.server.ts). Prisma issues one at a time,
    // which pipeline mode runs exactly as before.
    pipeline: true,
  });
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => guardPostgresAdapter(await inner.connect()),
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
}
