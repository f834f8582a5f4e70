import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "~/models/db/client.server";

/** Shopify's sessions in the Session table, through the library's own Prisma storage. */
export const createPrismaSessionStorage = () => new PrismaSessionStorage(prisma);

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
