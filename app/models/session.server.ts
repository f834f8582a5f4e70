import type { PrismaClient, Session as SessionRow } from "@prisma/client";
import type { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "~/models/db/client.server";
import { lean, toModel } from "~/models/db/kysely.server";

/**
 * The library's Prisma storage, with the read every job makes before each Admin API call (the shop's
 * offline session: once per order sent) on the lean path (docs/decisions/0025). The row becomes a
 * Session by the library's own conversion; every write and the other reads stay the library's.
 */
class LeanReadPrismaSessionStorage extends PrismaSessionStorage<PrismaClient> {
  override async loadSession(id: string): Promise<Session | undefined> {
    const row = await lean.selectFrom("Session").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    // The library keeps its row-to-Session conversion to itself (TypeScript-private, not private at run time).
    const library = this as unknown as { rowToSession(row: SessionRow): Session };
    return library.rowToSession(toModel<"Session", SessionRow>("Session", row));
  }
}

/**
 * At construction the library checks that the Session table exists with a Prisma count, which alone
 * loads Prisma's query compiler (~20-30 MB) into a process that may never run an ORM query (a web
 * process answering webhooks): the same check on the lean path, tried as often and as far apart.
 */
const TABLE_CHECK_TRIES = 2;
const TABLE_CHECK_INTERVAL_MS = 5_000;
Object.defineProperty(LeanReadPrismaSessionStorage.prototype, "pollForTable", {
  value: async function pollForTable(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await lean.selectFrom("Session").select("id").limit(1).execute();
        return;
      } catch (error) {
        if (attempt >= TABLE_CHECK_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, TABLE_CHECK_INTERVAL_MS));
      }
    }
  },
});

/** Shopify's sessions in the Session table, through the library's own Prisma storage (loads on the lean path). */
export const createPrismaSessionStorage = () => new LeanReadPrismaSessionStorage(prisma);

export async function deleteSessionsForShop(shop: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { shop } });
  return count;
}

type SecretColumns = Partial<Record<"accessToken" | "refreshToken", string>>;

/**
 * Replaces a session's token columns with their sealed form, only if they still hold what was read:
 * a session stored meanwhile (a new token) is never overwritten with the old one.
 */
export async function resealSessionTokens(id: string, read: SecretColumns, sealed: SecretColumns): Promise<void> {
  await prisma.session.updateMany({ where: { id, ...read }, data: sealed });
}
