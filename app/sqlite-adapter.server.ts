/**
 * The SQLite driver adapter, made safe for one process doing many things at once.
 *
 * Prisma's better-sqlite3 adapter has one connection. Its transactions take a mutex, but a
 * statement sent outside a transaction does not: while another caller's interactive transaction is
 * open, that statement runs INSIDE it and is undone if it rolls back (a recorded HyperSKU order
 * id could vanish and the order be sent twice). Here, such statements wait until no transaction is
 * open. Each transaction also takes the write lock at once (what BEGIN IMMEDIATE does), so two
 * processes never deadlock upgrading a read lock, which SQLite reports as an immediate SQLITE_BUSY
 * instead of waiting out the busy timeout. WAL lets readers proceed while one process writes.
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";

/** A statement that writes nothing but makes SQLite take the write lock for the transaction. */
const TAKE_WRITE_LOCK: SqlQuery = { sql: 'DELETE FROM "Job" WHERE 0', args: [], argTypes: [] };

function serialize(adapter: SqlDriverAdapter): SqlDriverAdapter {
  let openTransaction: Promise<void> | null = null;

  async function outsideTransactions<T>(run: () => Promise<T>): Promise<T> {
    while (openTransaction) await openTransaction;
    // No await between the check and the call: better-sqlite3 runs the statement synchronously.
    return run();
  }

  async function startTransaction(isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]): Promise<Transaction> {
    const transaction = await adapter.startTransaction(isolationLevel);
    let finish!: () => void;
    const thisTransaction = new Promise<void>((resolve) => (finish = resolve));
    openTransaction = thisTransaction;
    const done = () => {
      // The next transaction may already have started (the mutex passes straight on): keep its mark.
      if (openTransaction === thisTransaction) openTransaction = null;
      finish();
    };
    try {
      await transaction.executeRaw(TAKE_WRITE_LOCK);
    } catch (error) {
      await transaction.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] }).catch(() => undefined);
      await transaction.rollback();
      done();
      throw error;
    }
    return Object.assign(Object.create(transaction) as Transaction, {
      commit: () => transaction.commit().finally(done),
      rollback: () => transaction.rollback().finally(done),
    });
  }

  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    queryRaw: (query: SqlQuery) => outsideTransactions(() => adapter.queryRaw(query)),
    executeRaw: (query: SqlQuery) => outsideTransactions(() => adapter.executeRaw(query)),
    executeScript: (script: string) => outsideTransactions(() => adapter.executeScript(script)),
    startTransaction,
  });
}

export function createSqliteAdapter(file: string, busyTimeoutMs = 5_000): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaBetterSQLite3({ url: file, timeout: busyTimeoutMs });
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      const adapter = await inner.connect();
      // secure_delete: erased personal data (privacy redaction) is overwritten in the file, not left in free pages.
      await adapter.executeScript("PRAGMA journal_mode = WAL; PRAGMA secure_delete = ON;");
      return serialize(adapter);
    },
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
}
