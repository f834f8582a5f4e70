/**
 * Lean transactions whose statements travel together (docs/decisions/0025). On PostgreSQL the
 * statements a transaction issues without waiting for one another (its BEGIN with its first ones,
 * its closing inserts with its COMMIT) are written to the connection at once and answered in order
 * (pg's pipeline mode, switched on for the shared pool in postgres-adapter.server.ts): the webhook
 * intake waits for the network twice instead of once per statement. PostgreSQL still runs them one
 * after another, each reading as of its own start, so a read issued after a lock sees everything
 * committed before the lock was granted.
 *
 * The transaction runs on a connection of the pool Prisma's adapter uses, with the pool's timeouts.
 * As guardTransaction does for Prisma's transactions, a connection that saw a storage fault, or
 * whose ROLLBACK failed, is closed instead of going back to the pool. Values are bound and read
 * as through the adapter: dates as UTC timestamps, timestamps read back as text (toDate).
 *
 * On SQLite, in process, there is no network to save: the same work runs in an ordinary lean
 * transaction, one statement after another.
 */
import pg from "pg";
import { type CompiledQuery, type ConnectionProvider, type DatabaseConnection, type QueryResult, Transaction } from "kysely";
import { isStorageFault } from "../storage-fault";
import { createAdapterDialect } from "./adapter-dialect.server";
import { sharedConnection } from "./client.server";
import { compileTogether, insertTogether, type PreparedInsert } from "./insert-together.server";
import { type Database, isLeanPostgres, lean, type LeanTx } from "./kysely.server";

/** What a transaction's work decided: its answer, and the inserts that end it (sent with its COMMIT). */
export type TransactionEnding<T> = { result: T; inserts?: readonly PreparedInsert[] };

/** Types read as text, as Prisma's pg adapter reads them (toDate turns them into dates). */
const TEXT_TYPE_IDS = new Set([1082, 1083, 1114, 1184, 1266]); // date, time, timestamp, timestamptz, timetz
const readAsText = (value: string) => value;
const leanTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    TEXT_TYPE_IDS.has(oid) ? readAsText : pg.types.getTypeParser(oid, format as "text"),
};

/** A date bound as the adapter binds it: UTC, to the millisecond, no zone (the columns are timestamp(3)). */
const toParameter = (value: unknown) => (value instanceof Date ? value.toISOString().replace("T", " ").replace("Z", "") : value);

/**
 * Inserts are prepared once per connection (named): PostgreSQL then skips parsing and planning
 * them, a third of its CPU per webhook. Reads are not: a prepared statement's generic plan, chosen
 * without the values, scanned the shop's orders for the order-known check. Bounded: past the first
 * 32 texts, statements go unnamed.
 */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string | undefined {
  if (!/^(insert|with)\b/i.test(text)) return undefined;
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < 32) {
    name = `lean_insert_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return name;
}

class PipelinedConnection implements DatabaseConnection {
  /** A storage fault this connection saw: it is closed, not reused. */
  fault: unknown;
  constructor(private readonly client: pg.PoolClient) {}

  /** Sends at once (nothing is awaited first), so statements go out in the order they are issued. */
  send(text: string, values: readonly unknown[] = []): Promise<pg.QueryResult> {
    const sent = this.client.query({ text, values: values.map(toParameter), types: leanTypes, name: preparedName(text) } as pg.QueryConfig);
    return sent.catch((error: unknown) => {
      if (isStorageFault(error)) this.fault ??= error;
      throw error;
    });
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.send(compiled.sql, compiled.parameters);
    return { rows: result.rows as R[], numAffectedRows: result.rowCount === null ? undefined : BigInt(result.rowCount) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported in a pipelined transaction");
  }
}

/** Every statement of the transaction straight to its one connection: no queue, so they can overlap. */
class SameConnection implements ConnectionProvider {
  constructor(private readonly connection: PipelinedConnection) {}
  provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    return consumer(this.connection);
  }
}

// Kysely's Transaction needs a dialect and a driver to exist; only its executor runs statements.
const dialect = createAdapterDialect("postgresql", sharedConnection.connect);
const driver = dialect.createDriver();

/** The pool behind the shared adapter (Prisma's pg adapter hands it out as its underlying driver). */
async function sharedPool(): Promise<pg.Pool> {
  const adapter = (await sharedConnection.connect()) as { underlyingDriver?: () => unknown };
  const pool = adapter.underlyingDriver?.();
  if (!(pool instanceof pg.Pool)) throw new Error("The PostgreSQL adapter does not expose its pg pool");
  return pool;
}

async function runOnPostgres<T>(work: (tx: LeanTx) => Promise<TransactionEnding<T>>): Promise<T> {
  const client = await (await sharedPool()).connect();
  const connection = new PipelinedConnection(client);
  // A connection that breaks while checked out reports it as an 'error' event, which would otherwise
  // crash the process (pg-pool listens only to idle connections): note it, and close the connection.
  const onError = (error: Error) => {
    connection.fault ??= error;
  };
  client.on("error", onError);
  const release = (discard?: unknown) => {
    client.removeListener("error", onError);
    client.release(discard === undefined ? undefined : discard instanceof Error ? discard : new Error(String(discard)));
  };
  const tx = new Transaction<Database>({
    config: { dialect },
    dialect,
    driver,
    executor: lean.getExecutor().withConnectionProvider(new SameConnection(connection)),
  });
  const begin = connection.send("BEGIN");
  begin.catch(() => undefined); // reported by the statements behind it, which fail with it
  try {
    const { result, inserts = [] } = await work(tx);
    const closing = compileTogether(tx, inserts).map((compiled) => connection.executeQuery(compiled));
    // If a closing insert fails, PostgreSQL answers this COMMIT by rolling back; the insert's error is what is thrown.
    await Promise.all([begin, ...closing, connection.send("COMMIT")]);
    release(connection.fault);
    return result;
  } catch (error) {
    const rolledBack = await connection.send("ROLLBACK").then(
      () => true,
      () => false,
    );
    release(connection.fault ?? (rolledBack ? undefined : error));
    throw error;
  }
}

/**
 * Runs `work` in one transaction and ends it with the inserts it returns. Statements `work` issues
 * together (Promise.all) are sent together on PostgreSQL, in the order they were issued.
 */
export function runPipelinedTransaction<T>(work: (tx: LeanTx) => Promise<TransactionEnding<T>>): Promise<T> {
  if (isLeanPostgres()) return runOnPostgres(work);
  return lean.transaction().execute(async (tx) => {
    const { result, inserts = [] } = await work(tx);
    await insertTogether(tx, inserts);
    return result;
  });
}
