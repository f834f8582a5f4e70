import type { Prisma, PrismaClient } from "@prisma/client";

/**
 * The client or an open transaction: model functions accept either, so callers compose them
 * atomically. The convention: a function that is only ever part of a larger change takes it first
 * and required (`createOrder(tx, ...)`); one that also stands alone takes it last, defaulting to the
 * client (`getOrder(id, db?)`).
 */
export type Db = PrismaClient | Prisma.TransactionClient;

/** An open transaction (runOrderTransaction, withTransaction), for model functions that must run inside one. */
export type Tx = Prisma.TransactionClient;

/** A unique-constraint violation (Prisma P2002): the row already exists. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** An open lean transaction (withLeanTransaction), for lean model functions composed in the domain. */
export type { LeanTx } from "./db/kysely.server";
