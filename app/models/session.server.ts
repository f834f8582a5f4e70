import prisma from "~/db.server";

export async function deleteSessionsForShop(shop: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { shop } });
  return count;
}
