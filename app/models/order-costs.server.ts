/**
 * What HyperSKU charges per order and what the customer paid for what HyperSKU ships (Order's cost
 * columns, docs/decisions/0027): written when an order is sent and when the status sync reads
 * HyperSKU's order; summed for the dashboard's costs card and listed for the costs export. Amounts
 * are integer minor units of their currency, as everywhere money is exact in this app (decision 0020).
 */
import prisma from "~/models/db/client.server";

export type HyperskuCharge = { goodsMinor: number; freightMinor: number; currency: string };
export type CustomerPaid = { minor: number; currency: string };

export async function writeHyperskuCharge(orderId: string, charge: HyperskuCharge, at: Date): Promise<void> {
  await prisma.order.update({
    where: { id: orderId },
    data: {
      hyperskuGoodsMinor: charge.goodsMinor,
      hyperskuFreightMinor: charge.freightMinor,
      hyperskuCostCurrency: charge.currency,
      costsReadAt: at,
    },
  });
}

export type CostTotalsRow = {
  hyperskuCostCurrency: string | null;
  customerPaidCurrency: string | null;
  orders: number;
  goodsMinor: number;
  freightMinor: number;
  paidMinor: number;
};

/**
 * Orders sent in [from, to), grouped by the two currencies, with their sums: one indexed query
 * (Order_shop_sentAt_costs_idx covers every column it reads).
 */
export async function sumOrderCosts(shop: string, from: Date, to: Date): Promise<CostTotalsRow[]> {
  const groups = await prisma.order.groupBy({
    by: ["hyperskuCostCurrency", "customerPaidCurrency"],
    where: { shop, sentAt: { gte: from, lt: to } },
    _count: { _all: true },
    _sum: { hyperskuGoodsMinor: true, hyperskuFreightMinor: true, customerPaidMinor: true },
  });
  return groups.map((group) => ({
    hyperskuCostCurrency: group.hyperskuCostCurrency,
    customerPaidCurrency: group.customerPaidCurrency,
    orders: group._count._all,
    goodsMinor: group._sum.hyperskuGoodsMinor ?? 0,
    freightMinor: group._sum.hyperskuFreightMinor ?? 0,
    paidMinor: group._sum.customerPaidMinor ?? 0,
  }));
}

const COST_ROW = {
  id: true,
  name: true,
  shopifyOrderId: true,
  sentAt: true,
  hyperskuOrderId: true,
  hyperskuStatusDesc: true,
  hyperskuGoodsMinor: true,
  hyperskuFreightMinor: true,
  hyperskuCostCurrency: true,
  customerPaidMinor: true,
  customerPaidCurrency: true,
} as const;

/** One page of the orders sent in [from, to), oldest first, after the row `after` (its id). */
export async function listOrderCostsPage(shop: string, from: Date, to: Date, take: number, after?: { sentAt: Date; id: string }) {
  return prisma.order.findMany({
    where: {
      shop,
      sentAt: { gte: from, lt: to },
      ...(after ? { OR: [{ sentAt: { gt: after.sentAt } }, { sentAt: after.sentAt, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ sentAt: "asc" }, { id: "asc" }],
    take,
    select: COST_ROW,
  });
}

export type OrderCostRow = Awaited<ReturnType<typeof listOrderCostsPage>>[number];
