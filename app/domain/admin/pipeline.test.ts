import { HYPERSKU_STATUS, HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import { ORDER_STATES } from "~/models/order-state";
import {
  CANCELLED_AT_HYPERSKU_OPEN,
  countByStage,
  describePipeline,
  matchingStages,
  PIPELINE_STAGES,
  TRACKED_ORDERS,
  type PipelineOrder,
  type PipelineStage,
} from "./pipeline";

const order = (overrides: Partial<PipelineOrder>): PipelineOrder => ({
  state: "sent",
  hyperskuStatus: null,
  flagCode: null,
  hasTracking: false,
  shopifyCancelled: false,
  ...overrides,
});

const S = HYPERSKU_STATUS;

describe("the order pipeline", () => {
  it("puts every combination of state, HyperSKU status, flag, tracking and cancellation in exactly one stage", () => {
    const statuses = [null, ...HYPERSKU_STATUSES.map((status) => status.code), 99];
    for (const state of ORDER_STATES)
      for (const hyperskuStatus of statuses)
        for (const flagCode of [null, "cancel_refused"])
          for (const hasTracking of [false, true])
            for (const shopifyCancelled of [false, true]) {
              const combination = { state, hyperskuStatus, flagCode, hasTracking, shopifyCancelled };
              expect({ combination, stages: matchingStages(combination) }).toEqual({ combination, stages: [expect.any(String)] });
            }
  });

  it.each<[string, Partial<PipelineOrder>, PipelineStage]>([
    ["waiting for payment", { state: "waiting" }, "to_send"],
    ["queued", { state: "scheduled" }, "to_send"],
    ["held until HyperSKU is connected", { state: "held" }, "to_send"],
    ["being sent", { state: "sending" }, "to_send"],
    ["being checked with HyperSKU", { state: "checking" }, "to_send"],
    ["needing a fix before sending", { state: "needs_attention" }, "needs_you"],
    ["failed", { state: "failed" }, "needs_you"],
    ["flagged at HyperSKU", { state: "sent", hyperskuStatus: S.shipping, flagCode: "address_changed_after_shipping" }, "needs_you"],
    ["flagged while being checked", { state: "checking", flagCode: "hypersku_order_missing" }, "needs_you"],
    ["refunding at HyperSKU", { hyperskuStatus: S.refunding }, "needs_you"],
    ["overdue at HyperSKU", { hyperskuStatus: S.overdue }, "needs_you"],
    ["returned", { hyperskuStatus: S.returned, hasTracking: true }, "needs_you"],
    ["pending payment", { hyperskuStatus: S.pendingPayment }, "awaiting_payment"],
    ["payment in progress", { hyperskuStatus: S.paymentInProgress }, "awaiting_payment"],
    ["sent, no status read yet", { hyperskuStatus: null }, "processing"],
    ["pending sourcing", { hyperskuStatus: S.pendingSourcing }, "processing"],
    ["processing", { hyperskuStatus: S.processing }, "processing"],
    ["ready to ship", { hyperskuStatus: S.readyToShip }, "processing"],
    ["a status HyperSKU has not documented", { hyperskuStatus: 99 }, "processing"],
    ["shipping", { hyperskuStatus: S.shipping, hasTracking: true }, "shipped"],
    ["split shipment", { hyperskuStatus: S.splitShipment, hasTracking: true }, "shipped"],
    ["delivered", { hyperskuStatus: S.delivered, hasTracking: true }, "delivered"],
    ["closed after its parcel carried tracking", { hyperskuStatus: S.closed, hasTracking: true }, "delivered"],
    ["closed with no tracked parcel", { hyperskuStatus: S.closed }, "cancelled"],
    ["cancelled in Shopify before sending", { state: "cancelled" }, "cancelled"],
    ["a test order", { state: "skipped" }, "not_for_hypersku"],
    ["a redacted, skipped order with a flag left", { state: "skipped", flagCode: "cancel_refused" }, "not_for_hypersku"],
  ])("an order %s is %s", (_, overrides, stage) => {
    expect(describePipeline(order(overrides)).stage).toBe(stage);
  });

  it("tells the merchant a HyperSKU cancellation leaves the Shopify order open, and what to do", () => {
    const open = describePipeline(order({ hyperskuStatus: S.closed }));
    expect(open).toEqual({
      stage: "cancelled",
      label: "Cancelled",
      tone: "warning",
      meaning: "Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.",
    });
    expect(open.meaning).toBe(CANCELLED_AT_HYPERSKU_OPEN);
    expect(describePipeline(order({ hyperskuStatus: S.closed, shopifyCancelled: true }))).toMatchObject({
      tone: undefined,
      meaning: "Cancelled in Shopify and at HyperSKU.",
    });
    expect(describePipeline(order({ state: "cancelled", shopifyCancelled: true })).meaning).toBe(
      "Cancelled in Shopify before it was sent to HyperSKU.",
    );
  });

  it("says what a held order waits for, not that HyperSKU is disconnected, whatever held it", () => {
    const meaning = (stateCode: string | null) => describePipeline(order({ state: "held", stateCode })).meaning;
    expect(meaning("needs_sourcing")).toMatch(/^Waiting for HyperSKU to source/);
    expect(meaning("fulfillment_on_hold")).toMatch(/^Waiting for Shopify/);
    expect(meaning("not_connected")).toMatch(/^Kept until you connect HyperSKU/);
    expect(meaning(null)).not.toMatch(/connect/);
    // A flagged held order needs the merchant: its stage's line stays.
    expect(describePipeline(order({ state: "held", stateCode: "needs_sourcing", flagCode: "cancel_refused" })).stage).toBe("needs_you");
  });

  it("never shows an order HyperSKU closed without shipping as a success", () => {
    expect(describePipeline(order({ hyperskuStatus: S.closed })).tone).not.toBe("success");
  });

  it("labels every stage with a tone and one line of meaning", () => {
    for (const stage of PIPELINE_STAGES) {
      const view = describePipeline(order({ state: stage === "not_for_hypersku" ? "skipped" : "sent" }));
      expect(view.label.length).toBeGreaterThan(0);
      expect(view.meaning).toMatch(/\.$/);
    }
  });

  it("looks parcels up only for the status whose stage depends on them", () => {
    expect(TRACKED_ORDERS).toEqual({ states: ["sent"], statuses: [S.closed] });
  });

  it("adds grouped counts up into stages", () => {
    const counts = countByStage([
      { state: "waiting", hyperskuStatus: null, flagged: false, tracked: false, count: 3 },
      { state: "held", hyperskuStatus: null, flagged: false, tracked: false, count: 2 },
      { state: "sent", hyperskuStatus: S.closed, flagged: false, tracked: true, count: 4 },
      { state: "sent", hyperskuStatus: S.closed, flagged: false, tracked: false, count: 1 },
      { state: "sent", hyperskuStatus: S.delivered, flagged: false, tracked: false, count: 5 },
      { state: "sent", hyperskuStatus: S.shipping, flagged: true, tracked: false, count: 6 },
      { state: "failed", hyperskuStatus: null, flagged: false, tracked: false, count: 7 },
    ]);
    expect(counts).toEqual({
      to_send: 5,
      needs_you: 13,
      awaiting_payment: 0,
      processing: 0,
      shipped: 0,
      delivered: 9,
      cancelled: 1,
      not_for_hypersku: 0,
    });
  });
});
