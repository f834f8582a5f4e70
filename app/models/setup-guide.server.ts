/** The dashboard's setup guide as the shop left it: steps marked done, and whether it was dismissed. */
import prisma from "~/models/db/client.server";

/** Stores the steps the merchant marked done (the caller has merged and checked them). */
export async function saveMarkedSetupSteps(domain: string, steps: readonly string[]) {
  await prisma.shop.update({ where: { domain }, data: { setupStepsDone: JSON.stringify(steps) } });
}

export async function getMarkedSetupSteps(domain: string): Promise<string> {
  const shop = await prisma.shop.findUnique({ where: { domain }, select: { setupStepsDone: true } });
  return shop?.setupStepsDone ?? "[]";
}

export async function dismissSetupGuide(domain: string, at: Date) {
  await prisma.shop.update({ where: { domain }, data: { setupGuideDismissedAt: at } });
}
