/**
 * A Kysely dialect that runs its statements through the app's own driver adapter (the one Prisma
 * uses, shared-connection.server.ts): the query builder compiles SQL, the adapter runs it. So the
 * lean paths inherit everything the adapters guarantee: on SQLite the single gate and BEGIN
 * IMMEDIATE (sqlite-adapter.server.ts), on PostgreSQL the pool, the timeouts and the discarded
 * connections after a fault (postgres-adapter.server.ts). Values are bound as Prisma binds them
 * (a Date on SQLite is ISO-8601 text with "+00:00", a boolean 0/1), so rows written either way read
 * the same.
 */
import type { ArgType, SqlDriverAdapter, SqlQuery, SqlQueryable, Transaction } from "@prisma/driver-adapter-utils";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

const UNKNOWN_ARG: ArgType = { scalarType: "unknown", arity: "scalar" };

/** A statement that hands rows back: a SELECT, or a write with RETURNING. */
function returnsRows(compiled: CompiledQuery): boolean {
  const node = compiled.query as { kind: string; returning?: unknown };
  return node.kind === "SelectQueryNode" || node.returning !== undefined || node.kind === "RawNode";
}

class AdapterConnection implements DatabaseConnection {
  transaction: Transaction | undefined;
  constructor(readonly adapter: SqlDriverAdapter) {}

  private get queryable(): SqlQueryable {
    return this.transaction ?? this.adapter;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const query: SqlQuery = { sql: compiled.sql, args: [...compiled.parameters], argTypes: compiled.parameters.map(() => UNKNOWN_ARG) };
    if (!returnsRows(compiled)) {
      const changed = await this.queryable.executeRaw(query);
      return { rows: [], numAffectedRows: BigInt(changed) };
    }
    const result = await this.queryable.queryRaw(query);
    const rows = result.rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < result.columnNames.length; i++) row[result.columnNames[i]] = values[i];
      return row as R;
    });
    return { rows, numAffectedRows: BigInt(rows.length) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on the shared driver adapter");
  }
}

class AdapterDriver implements Driver {
  constructor(private readonly connect: () => Promise<SqlDriverAdapter>) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new AdapterConnection(await this.connect());
  }
  async beginTransaction(connection: DatabaseConnection) {
    const own = connection as AdapterConnection;
    own.transaction = await own.adapter.startTransaction();
  }
  async commitTransaction(connection: DatabaseConnection) {
    const own = connection as AdapterConnection;
    const transaction = own.transaction;
    own.transaction = undefined;
    // Alone, commit() sends COMMIT and gives the connection (and on SQLite the gate) back, whatever happens.
    await transaction?.commit();
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const own = connection as AdapterConnection;
    const transaction = own.transaction;
    own.transaction = undefined;
    await transaction?.rollback();
  }
  async releaseConnection() {}
  async destroy() {}
}

/**
 * Kysely's SQLite adapter admits one connection at a time through a mutex of its own, which is
 * never released when acquiring the connection fails (a read-only volume): every later query
 * then waits forever. The shared adapter's gate already serialises statements and transactions.
 */
class SharedSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export function createAdapterDialect(engine: "sqlite" | "postgresql", connect: () => Promise<SqlDriverAdapter>): Dialect {
  const postgres = engine === "postgresql";
  return {
    createAdapter: () => (postgres ? new PostgresAdapter() : new SharedSqliteAdapter()),
    createDriver: () => new AdapterDriver(connect),
    createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    createIntrospector: (db: Kysely<unknown>) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
  };
}
