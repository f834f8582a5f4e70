/**
 * One driver connection for Prisma and the lean query builder (kysely.server.ts). Prisma connects
 * its adapter factory lazily and may connect again after a failure; this hands both of them the
 * same connected adapter, so on SQLite every statement of either passes the same gate
 * (sqlite-adapter.server.ts: no statement runs inside another caller's transaction) and on
 * PostgreSQL both draw from the same pool.
 */
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

export type SharedConnection = {
  /** What PrismaClient is given as its adapter. */
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** The connected adapter, connecting it first if neither user has yet. */
  connect: () => Promise<SqlDriverAdapter>;
};

export function shareConnection(inner: SqlMigrationAwareDriverAdapterFactory): SharedConnection {
  let current: Promise<SqlDriverAdapter> | undefined;

  function connect(): Promise<SqlDriverAdapter> {
    current ??= inner.connect().then(
      (adapter) =>
        Object.assign(Object.create(adapter) as SqlDriverAdapter, {
          // Disposed (Prisma's $disconnect, a connection given up after a fault): the next user connects anew.
          dispose: () => {
            current = undefined;
            return adapter.dispose();
          },
        }),
      (error: unknown) => {
        // A read-only or unreachable database: the next call tries again (decision 0006).
        current = undefined;
        throw error;
      },
    );
    return current;
  }

  return {
    factory: {
      provider: inner.provider,
      adapterName: inner.adapterName,
      connect,
      connectToShadowDb: () => inner.connectToShadowDb(),
    },
    connect,
  };
}
