import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { currentCostsOf, type CostRecord } from "./current-costs";
import { customerPaidOf } from "./customer-paid";
import { chargeOf } from "./hypersku-charge";
import { costFigures } from "./order-costs";

const CLOSED = 6;

/** HyperSKU's order as its look-ups list it: $6.40 goods and $21.66 freight, in `status`. */
function hyperskuOrder(status: number, base: Record<string, unknown> = {}, logisticsItems: unknown[] = []): HyperskuOrder {
  return {
    orderBaseInfo: {
      orderId: 70_001,
      storeOrderId: "5600",
      status,
      statusDesc: "",
      currencyCode: "USD",
      goodsAmount: 6.4,
      freight: 21.66,
      ...base,
    },
    logisticsItems,
  } as HyperskuOrder;
}

/** The request as sent: 2 mugs at $24.00 (line "11") and 1 plate at $10.00 (line "12"), $5.00 shipping. */
const request: Pick<ExternalOrder, "currency" | "lineItems" | "totalShippingPrice"> = {
  currency: "USD",
  totalShippingPrice: 5,
  lineItems: [
    { storeOrderLineItemId: "11", price: 24, quantity: 2 },
    { storeOrderLineItemId: "12", price: 10, quantity: 1 },
  ],
};

/** The Shopify order as it is now: both lines as sent unless changed, paid. */
function shopifyOrder(
  changes: { financialStatus?: string; cancelledAt?: string; currentTotalPrice?: string | null; mugsLeft?: number } = {},
) {
  const base = buildOrderSnapshot();
  const line = (id: string, quantity: number, left: number) => ({
    ...base.lineItems[0],
    id,
    quantity,
    currentQuantity: left,
    refundedQuantity: quantity - left,
  });
  return buildOrderSnapshot({
    financialStatus: changes.financialStatus ?? "paid",
    cancelledAt: changes.cancelledAt ?? null,
    currency: "USD",
    currentTotalPrice: changes.currentTotalPrice,
    lineItems: [line("11", 2, changes.mugsLeft ?? 2), line("12", 1, 1)],
  });
}

describe("HyperSKU's charge", () => {
  it("is the goods and freight HyperSKU's order says, in its currency", () => {
    expect(chargeOf(hyperskuOrder(1))).toEqual({ goodsMinor: 640, freightMinor: 2166, currency: "USD" });
    expect(chargeOf(hyperskuOrder(1, { currencyCode: undefined }))).toBeNull();
  });

  it("is nothing for an order HyperSKU closed before it was paid (cancelled from Pending Sourcing or Payment)", () => {
    // The answer's isPaid and payTime echo the customer's Shopify payment: they do not make it a charge.
    const cancelled = hyperskuOrder(CLOSED, { isPaid: true, payTime: "2026-07-14T14:15:31Z" });
    expect(chargeOf(cancelled)).toEqual({ goodsMinor: 0, freightMinor: 0, currency: "USD" });
    expect(chargeOf(hyperskuOrder(CLOSED, { goodsAmount: undefined }))).toEqual({ goodsMinor: 0, freightMinor: 0, currency: "USD" });
  });

  it("stands for a closed order HyperSKU shows it was paid for: bought, packed or shipped", () => {
    const charged = { goodsMinor: 640, freightMinor: 2166, currency: "USD" };
    expect(chargeOf(hyperskuOrder(CLOSED, { purchaseTime: "2026-07-15T08:00:00Z" }))).toEqual(charged);
    expect(chargeOf(hyperskuOrder(CLOSED, { shelfTime: "2026-07-16T08:00:00Z" }))).toEqual(charged);
    expect(chargeOf(hyperskuOrder(CLOSED, {}, [{ orderId: 70_001, trackingNumber: "YT2412345678901234" }]))).toEqual(charged);
  });
});

describe("what the customer paid", () => {
  it("is the lines sent at their prices and the shipping, as sent and while nothing changes", () => {
    expect(customerPaidOf(request)).toEqual({ minor: 6300, currency: "USD" });
    expect(customerPaidOf(request, shopifyOrder({ currentTotalPrice: "66.20" }))).toEqual({ minor: 6300, currency: "USD" });
  });

  it("is nothing once Shopify refunded or voided the order, or cancelled it before taking the payment", () => {
    expect(customerPaidOf(request, shopifyOrder({ financialStatus: "refunded" }))?.minor).toBe(0);
    expect(customerPaidOf(request, shopifyOrder({ financialStatus: "voided", cancelledAt: "2026-07-15T09:00:00.000Z" }))?.minor).toBe(0);
    expect(customerPaidOf(request, shopifyOrder({ financialStatus: "pending", cancelledAt: "2026-07-15T09:00:00.000Z" }))?.minor).toBe(0);
  });

  it("loses the units refunded since the order was sent, at their price", () => {
    expect(customerPaidOf(request, shopifyOrder({ financialStatus: "partially_refunded", mugsLeft: 1 }))?.minor).toBe(3900);
    expect(customerPaidOf(request, shopifyOrder({ financialStatus: "partially_refunded", mugsLeft: 0 }))?.minor).toBe(1500);
  });

  it("is never more than the whole order comes to after refunds (an amount refunded, not items)", () => {
    expect(customerPaidOf(request, shopifyOrder({ financialStatus: "partially_refunded", currentTotalPrice: "40.00" }))?.minor).toBe(4000);
    expect(customerPaidOf(request, shopifyOrder({ currentTotalPrice: "0.00" }))?.minor).toBe(0);
    // An unreadable total, or one in another currency, caps nothing.
    expect(customerPaidOf(request, { ...shopifyOrder({ currentTotalPrice: "40.00" }), currency: "EUR" })?.minor).toBe(6300);
    expect(customerPaidOf(request, shopifyOrder({ currentTotalPrice: null }))?.minor).toBe(6300);
  });
});

describe("an order's costs as they stand now", () => {
  const record = (changes: Partial<CostRecord> = {}): CostRecord => ({
    hyperskuGoodsMinor: 640,
    hyperskuFreightMinor: 2166,
    hyperskuCostCurrency: "USD",
    customerPaidMinor: 6300,
    customerPaidCurrency: "USD",
    snapshot: JSON.stringify(shopifyOrder()),
    sentRequest: JSON.stringify(request),
    hyperskuResponse: JSON.stringify(hyperskuOrder(1)),
    hyperskuStatus: 1,
    ...changes,
  });

  it("are the stored figures, counted, when nothing happened", () => {
    expect(currentCostsOf(record())).toEqual({
      hyperskuGoodsMinor: 640,
      hyperskuFreightMinor: 2166,
      hyperskuCostCurrency: "USD",
      customerPaidMinor: 6300,
      customerPaidCurrency: "USD",
      changes: [],
      counted: true,
    });
  });

  it("leave out an order cancelled at HyperSKU and refunded in Shopify: nothing sold, nothing charged", () => {
    const cancelled = record({
      snapshot: JSON.stringify(
        shopifyOrder({ financialStatus: "refunded", cancelledAt: "2026-07-15T09:00:00.000Z", currentTotalPrice: "0.00" }),
      ),
      // The app recorded HyperSKU's Closed before the stored answer caught up: the status counts.
      hyperskuStatus: CLOSED,
    });
    expect(currentCostsOf(cancelled)).toMatchObject({
      hyperskuGoodsMinor: 0,
      hyperskuFreightMinor: 0,
      customerPaidMinor: 0,
      changes: ["Cancelled in Shopify", "Refunded in Shopify", "Cancelled at HyperSKU"],
      counted: false,
    });
  });

  it("keep HyperSKU's charge for an order refunded after it was bought and shipped: a loss, still counted", () => {
    const refunded = record({
      snapshot: JSON.stringify(shopifyOrder({ financialStatus: "refunded", currentTotalPrice: "0.00" })),
      hyperskuStatus: 5,
    });
    const costs = currentCostsOf(refunded);
    expect(costs).toMatchObject({ hyperskuGoodsMinor: 640, customerPaidMinor: 0, changes: ["Refunded in Shopify"], counted: true });
    // No margin is shown on nothing paid.
    expect(costFigures(costs)).toMatchObject({ charge: "28.06", paid: "0.00", margin: null, marginPercent: null });
  });

  it("work from the stored amount when the request is not kept, and from the columns when JSON is unreadable", () => {
    const refunded = record({ sentRequest: null, snapshot: JSON.stringify(shopifyOrder({ financialStatus: "refunded" })) });
    expect(currentCostsOf(refunded).customerPaidMinor).toBe(0);
    // Closed with no answer kept to tell a cancelled order from a finished one: the charge stands.
    expect(currentCostsOf(record({ snapshot: "{", sentRequest: "[", hyperskuResponse: "nope", hyperskuStatus: CLOSED }))).toMatchObject({
      hyperskuGoodsMinor: 640,
      customerPaidMinor: 6300,
      changes: [],
      counted: true,
    });
  });
});

describe("the figures shown", () => {
  it("give a margin only in one currency and when the customer paid something", () => {
    const stored = {
      hyperskuGoodsMinor: 640,
      hyperskuFreightMinor: 2166,
      hyperskuCostCurrency: "USD",
      customerPaidMinor: 5300,
      customerPaidCurrency: "USD",
    };
    expect(costFigures(stored)).toMatchObject({ margin: "24.94", marginPercent: "47.1" });
    expect(costFigures({ ...stored, customerPaidCurrency: "EUR" })).toMatchObject({ paid: "53.00", margin: null });
    expect(costFigures({ ...stored, customerPaidMinor: 0 })).toMatchObject({ paid: "0.00", margin: null, marginPercent: null });
  });
});
