import prisma from "~/db.server";

export async function insertAuthorizationState(stateHash: string, shop: string, expiresAt: Date) {
  await prisma.hyperskuAuthorizationState.create({ data: { stateHash, shop, expiresAt } });
  // Expired states are useless; sweep them here instead of in a separate job.
  await prisma.hyperskuAuthorizationState.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 86_400_000) } } });
}

export async function findAuthorizationState(stateHash: string) {
  return prisma.hyperskuAuthorizationState.findUnique({ where: { stateHash } });
}

/** Marks the state used; true only for the one caller that got there first. */
export async function consumeAuthorizationState(stateHash: string, now: Date): Promise<boolean> {
  const { count } = await prisma.hyperskuAuthorizationState.updateMany({
    where: { stateHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}
