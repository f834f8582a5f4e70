/**
 * Serializable transactions with retry, for work that reads and then writes rows other
 * transactions may be writing at the same moment (two deliveries of one order). On PostgreSQL a
 * conflict aborts one of them (P2034, or P2002 when both insert the same new row); it is simply run
 * again and then sees the other's result. SQLite serialises writers anyway.
 */
import { Prisma } from "@prisma/client";
import prisma from "~/db.server";

const RETRYABLE = new Set(["P2034", "P2002"]);

type RetryOptions = { attempts?: number; isFinal?: (error: unknown) => boolean };

export async function runSerializable<T>(
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  { attempts = 5, isFinal = () => false }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prisma.$transaction(work, { isolationLevel: Prisma.TransactionIsolationLevel.Serializable });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code) || isFinal(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

/** A unique violation on these fields of this model (P2002 carries them in varying shapes). */
export function isUniqueViolationOn(error: unknown, model: string, fields: string[]): boolean {
  if ((error as { code?: string }).code !== "P2002") return false;
  const meta = JSON.stringify((error as { meta?: unknown }).meta ?? {});
  const message = String((error as { message?: string }).message ?? "");
  const text = `${meta} ${message}`;
  return text.includes(model) || fields.some((field) => text.includes(field));
}
