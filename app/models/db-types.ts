import type { Prisma, PrismaClient } from "@prisma/client";

/** The client or an open transaction: model functions accept either, so callers compose them atomically. */
export type Db = PrismaClient | Prisma.TransactionClient;

/** A unique-constraint violation (Prisma P2002): the row already exists. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
