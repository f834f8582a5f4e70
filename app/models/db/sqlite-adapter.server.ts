/**
 * The SQLite driver adapter, made safe for one process doing many things at once, and for storage
 * that fails (docs/decisions/0006).
 *
 * Prisma's better-sqlite3 adapter has one connection. A statement sent while another caller's
 * interactive transaction is open runs INSIDE it and is undone if it rolls back (a recorded
 * HyperSKU order id could vanish and the order be sent twice). So every statement and every whole
 * transaction passes through one gate, and a transaction takes the gate BEFORE its BEGIN: nothing
 * can run between another caller's BEGIN and its COMMIT or ROLLBACK, whatever the timing.
 *
 * Transactions are begun here (BEGIN IMMEDIATE: the write lock at once, so two processes never
 * deadlock upgrading a read lock, which SQLite reports as an immediate SQLITE_BUSY instead of
 * waiting out the busy timeout) and ended here, because Prisma's own path wedges on a storage
 * fault: when its COMMIT or ROLLBACK statement fails (disk full at commit), it never calls the
 * adapter's commit()/rollback(), so the adapter's lock was never released and every later query
 * waited forever. Here the gate is released however a transaction ends, a failed COMMIT is rolled
 * back, and a wait for the gate is bounded. WAL lets readers in other processes proceed while one writes.
 *
 * A connection opened while the file could not be written is read-only for good: it is replaced,
 * between two callers, as soon as the file can be written again, so the process heals without a
 * restart.
 */
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { isStorageFault, StorageUnavailableError } from "../storage-fault";
import { installStatementCache, STATEMENT_CACHE_SIZE } from "./statement-cache.server";

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const BEGIN = statement("BEGIN IMMEDIATE");
const ROLLBACK = statement("ROLLBACK");
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Release = () => void;

/** One holder at a time, first come first served; a waiter gives up after `waitLimitMs`. */
function createGate(waitLimitMs: number) {
  let held = false;
  const waiters: { grant: () => void }[] = [];

  function releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiters.shift();
      if (next) next.grant();
      else held = false;
    };
  }

  function acquire(): Promise<Release> {
    if (!held) {
      held = true;
      return Promise.resolve(releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(releaser());
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new StorageUnavailableError(`the database stayed busy for ${waitLimitMs} ms`, { kind: "unreachable" }));
      }, waitLimitMs);
      waiters.push(waiter);
    });
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    const release = await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  return { acquire, run, isHeld: () => held };
}

/**
 * A transaction on the shared connection, holding the gate until it ends. After a storage fault
 * SQLite may already have rolled the whole transaction back (https://www.sqlite.org/lang_transaction.html,
 * "Response To Errors Within A Transaction"): it is rolled back for certain, and its later
 * statements fail instead of running outside any transaction.
 */
function openTransaction(adapter: SqlDriverAdapter, release: Release): Transaction {
  let state: "open" | "aborted" | "closed" = "open";
  let abortedBy: unknown;
  const close = () => {
    state = "closed";
    release();
  };
  const rollbackQuietly = () => adapter.executeRaw(ROLLBACK).catch(() => 0);

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (state === "closed") throw new Error("Transaction already closed");
    if (state === "aborted")
      throw new StorageUnavailableError("the transaction was rolled back after a storage fault", { cause: abortedBy });
    try {
      return await work();
    } catch (error) {
      if (isStorageFault(error)) {
        state = "aborted";
        abortedBy = error;
        await rollbackQuietly();
      }
      throw error;
    }
  }

  /** COMMIT or ROLLBACK, as Prisma sends them: whatever happens, the transaction is over. */
  async function end(query: SqlQuery): Promise<number> {
    if (state === "closed") throw new Error("Transaction already closed");
    const committing = /^\s*COMMIT\b/i.test(query.sql);
    try {
      if (state === "aborted") {
        if (committing) throw new StorageUnavailableError("the transaction was rolled back after a storage fault", { cause: abortedBy });
        return 0;
      }
      return await adapter.executeRaw(query);
    } catch (error) {
      // A failed COMMIT leaves the transaction open on the connection: end it here.
      if (committing) await rollbackQuietly();
      // SQLite had rolled it back on its own: what the ROLLBACK asked for is done.
      else if (/no transaction is active/i.test(messageOf(error))) return 0;
      throw error;
    } finally {
      close();
    }
  }

  // Prisma sends COMMIT or ROLLBACK through executeRaw first, then calls commit() or rollback();
  // called alone, they end the transaction on the connection too, never leaving it open there.
  const ending = (sql: "COMMIT" | "ROLLBACK") => async () => {
    if (state !== "closed") await end(statement(sql));
  };
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    options: { usePhantomQuery: false },
    queryRaw: (query) => run(() => adapter.queryRaw(query)),
    executeRaw: (query) => (/^\s*(COMMIT|ROLLBACK)\s*$/i.test(query.sql) ? end(query) : run(() => adapter.executeRaw(query))),
    commit: ending("COMMIT"),
    rollback: ending("ROLLBACK"),
  };
}

interface SerializeOptions {
  waitLimitMs: number;
  /**
   * Called with the gate held, before each statement and each BEGIN: the connection to use from
   * now on, the one given or a replacement (`refresh` disposes the one it replaces). No transaction
   * is open on the connection at that moment.
   */
  refresh?: (adapter: SqlDriverAdapter) => Promise<SqlDriverAdapter>;
}

/** Wraps an adapter's one connection so statements and transactions never interleave (exported for tests). */
export function serializeSqliteAdapter(adapter: SqlDriverAdapter, { waitLimitMs, refresh }: SerializeOptions): SqlDriverAdapter {
  const gate = createGate(waitLimitMs);
  let current = adapter;
  const connection = async () => (refresh ? (current = await refresh(current)) : current);

  async function begin(connected: SqlDriverAdapter) {
    try {
      await connected.executeRaw(BEGIN);
    } catch (error) {
      if (!/within a transaction/i.test(messageOf(error))) throw error;
      // Left open by a ROLLBACK that itself failed after a storage fault: end it, then begin.
      await connected.executeRaw(ROLLBACK);
      await connected.executeRaw(BEGIN);
    }
  }

  async function startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    // SQLite transactions are serializable; the inner adapter refuses any other level too.
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") throw new Error(`SQLite cannot run a ${isolationLevel} transaction`);
    const release = await gate.acquire();
    let connected: SqlDriverAdapter;
    try {
      connected = await connection();
      await begin(connected);
    } catch (error) {
      release();
      throw error;
    }
    return openTransaction(connected, release);
  }

  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    queryRaw: (query: SqlQuery) => gate.run(async () => (await connection()).queryRaw(query)),
    executeRaw: (query: SqlQuery) => gate.run(async () => (await connection()).executeRaw(query)),
    executeScript: (script: string) => gate.run(async () => (await connection()).executeScript(script)),
    startTransaction,
    // The connection in use now, which may have replaced the one first given.
    dispose: () => current.dispose(),
  });
}

/**
 * Why this process cannot write the database file or create its -wal and -shm files beside it
 * (EROFS: a read-only volume; EACCES, EPERM: permissions), or null when it can. A file that does
 * not exist yet is created on open: only its folder counts.
 */
function writeBlocker(file: string): string | null {
  for (const target of [path.dirname(file), file]) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (access) {
      const code = (access as NodeJS.ErrnoException).code;
      if (code === "EROFS" || code === "EACCES" || code === "EPERM") return code;
    }
  }
  return null;
}

/**
 * SQLite says "unable to open database file" (SQLITE_CANTOPEN) when a WAL database sits on a
 * read-only volume (it cannot create the -shm file): say what the file system says instead.
 */
function explainOpenFailure(file: string, error: unknown): unknown {
  const code = writeBlocker(file);
  if (!code) return error;
  return new StorageUnavailableError(`the database file cannot be written (${code})`, { kind: "read_only", cause: error });
}

export interface SqliteAdapterOptions {
  /** How long a statement waits for another process's write lock (SQLite's busy timeout). */
  busyTimeoutMs?: number;
  /** How long a caller in this process waits for the connection before it is told the database is busy. */
  waitLimitMs?: number;
  /** How many prepared statements the connection keeps (statement-cache.server.ts); 0 turns the cache off. */
  statementCacheSize?: number;
}

/**
 * Prisma's adapter keeps its better-sqlite3 Database as `client` and prepares every statement
 * through `client.prepare`. Should a later adapter version stop doing so, the cache is left out
 * (statements run as the adapter runs them, only slower); sqlite-adapter.server.test.ts checks
 * that the installed version still exposes it, so such an upgrade fails a test.
 */
function cacheStatements(adapter: SqlDriverAdapter, capacity: number) {
  const client = (adapter as unknown as { client?: { prepare?: unknown } }).client;
  if (capacity > 0 && typeof client?.prepare === "function") {
    installStatementCache(client as Parameters<typeof installStatementCache>[0], capacity);
  }
}

export function createSqliteAdapter(file: string, options: SqliteAdapterOptions = {}): SqlMigrationAwareDriverAdapterFactory {
  const { busyTimeoutMs = 5_000, waitLimitMs = 10_000, statementCacheSize = STATEMENT_CACHE_SIZE } = options;
  const inner = new PrismaBetterSQLite3({ url: file, timeout: busyTimeoutMs });
  /** Connections opened while the file could not be written: read-only for as long as they live. */
  const openedReadOnly = new WeakSet<SqlDriverAdapter>();

  async function open(): Promise<SqlDriverAdapter> {
    const blockedBefore = writeBlocker(file);
    const adapter = await inner.connect();
    cacheStatements(adapter, statementCacheSize);
    try {
      // secure_delete: erased personal data (privacy redaction) is overwritten in the file, not left in free pages.
      await adapter.executeScript("PRAGMA journal_mode = WAL; PRAGMA secure_delete = ON;");
    } catch (error) {
      // A read-only or full volume: close this handle; Prisma connects again on the next query.
      await adapter.dispose().catch(() => undefined);
      throw explainOpenFailure(file, error);
    }
    // A file it may not write, SQLite opens read-only without a word (https://www.sqlite.org/c3ref/open.html,
    // SQLITE_OPEN_READWRITE: "reading only if the file is write protected by the operating system").
    // A WAL database whose -wal and -shm files are there (left by a process that was killed) opens
    // so on a read-only volume, and reads work; but such a connection refuses every write for as
    // long as it lives, whatever the volume does since.
    // Looked at before and after the open, so a volume that changed meanwhile counts as read-only.
    if (blockedBefore || writeBlocker(file)) openedReadOnly.add(adapter);
    return adapter;
  }

  /** Connections closed to be replaced: the next call opens one, whatever happens in between. */
  const closed = new WeakSet<SqlDriverAdapter>();

  /** A connection opened read-only is replaced as soon as the file can be written (docs/decisions/0006). */
  async function reopenOnceWritable(adapter: SqlDriverAdapter): Promise<SqlDriverAdapter> {
    if (!closed.has(adapter)) {
      if (!openedReadOnly.has(adapter) || writeBlocker(file)) return adapter;
      // SQLite shares a file's -shm mapping among one process's connections, so a new connection
      // would inherit the old one's read-only mapping: the old one is closed first.
      closed.add(adapter);
      await adapter.dispose().catch(() => undefined);
    }
    // Throws if the file cannot be opened yet (a storage fault): the next call tries again.
    return open();
  }

  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => serializeSqliteAdapter(await open(), { waitLimitMs, refresh: reopenOnceWritable }),
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
}
