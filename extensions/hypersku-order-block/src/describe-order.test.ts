import { describe, expect, it } from "vitest";
import fr from "../locales/fr.json";
import { describeActionResult, describeOrder } from "./describe-order";
import { createTestI18n } from "./testing/i18n";
import { buildFailedOrder, buildHeldOrder, buildProblem, buildSentOrder, buildSkippedOrder, buildUnsentOrder } from "./testing/orders";

const i18n = createTestI18n();

describe("describeOrder", () => {
  it("says a sent order is at HyperSKU, since when, with its HyperSKU id and the status's meaning", () => {
    expect(describeOrder(buildSentOrder(), i18n)).toEqual({
      mode: "status",
      badge: { label: "Shipped", tone: "success" },
      meaning: "On its way to the customer; tracking is in Shopify.",
      sentLine: "Sent to HyperSKU on Jul 14, 2026, 10:20 AM EDT",
      nextAttemptLine: null,
      hypersku: {
        orderIdLine: "HyperSKU order HS-20260714-0001",
        statusName: "Split Shipment",
        statusMeaning: "Shipped in several parcels.",
        tone: "success",
      },
      problems: [],
      actions: [],
      collapsedSummary: "Shipped · Split Shipment",
    });
  });

  it("reads a sent order as the app's stage for it, never a green Sent: one cancelled at HyperSKU says what to do", () => {
    const cancelled = buildSentOrder({
      stateLabel: "Cancelled",
      stateMeaning: "Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.",
      hypersku: { orderId: "HS1", status: { code: 6, name: "Closed", meaning: "Finished or cancelled at HyperSKU.", tone: "info" } },
      parcels: [],
    });
    expect(describeOrder(cancelled, i18n)).toMatchObject({
      badge: { label: "Cancelled", tone: "info" },
      meaning: "Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.",
      collapsedSummary: "Cancelled · Closed",
    });
    const unpaid = buildSentOrder({
      stateLabel: "Awaiting payment",
      stateMeaning: "At HyperSKU, waiting for your payment.",
      hypersku: { orderId: "HS1", status: { code: 1, name: "Pending Payment", meaning: "You need to pay.", tone: "attention" } },
    });
    expect(describeOrder(unpaid, i18n).badge).toEqual({ label: "Awaiting payment", tone: "warning" });
    const noStatusYet = buildSentOrder({
      stateLabel: "Processing",
      stateMeaning: "At HyperSKU.",
      hypersku: { orderId: "HS1", status: null },
    });
    expect(describeOrder(noStatusYet, i18n).badge).toEqual({ label: "Processing", tone: "info" });
  });

  it("says what a held order waits for, as the app says it, in any language", () => {
    const order = buildHeldOrder();
    const summary = describeOrder(order, i18n);
    expect(summary).toMatchObject({
      badge: { label: "Held", tone: "warning" },
      meaning: order.stateMeaning,
      actions: [{ intent: "send-now", label: "Send now" }],
    });
    expect(summary.meaning).not.toMatch(/connected/);
    expect(describeOrder(order, createTestI18n(fr, "fr")).meaning).toBe(order.stateMeaning);
  });

  it("keeps the meaning the app sent for a HyperSKU status it has no words for", () => {
    const order = buildSentOrder({
      hypersku: {
        orderId: "HS1",
        status: { code: 99, name: "HyperSKU status 99", meaning: "A status HyperSKU has not documented.", tone: "attention" },
      },
    });
    expect(describeOrder(order, i18n).hypersku).toMatchObject({ statusMeaning: "A status HyperSKU has not documented.", tone: "warning" });
  });

  it("offers Send now for an order not sent yet, and says when it goes", () => {
    const summary = describeOrder(buildUnsentOrder(), i18n);
    expect(summary).toMatchObject({
      badge: { label: "Queued", tone: "info" },
      sentLine: "Not sent to HyperSKU yet",
      nextAttemptLine: "Next attempt: Jul 14, 2026, 11:00 AM EDT",
      hypersku: null,
      actions: [{ intent: "send-now", label: "Send now" }],
      collapsedSummary: "Queued",
    });
  });

  it("says an order HyperSKU has not confirmed is being checked, with the next check and no action", () => {
    const order = buildUnsentOrder({ state: "checking", stateLabel: "Checking with HyperSKU", actions: { sendNow: false, retry: false } });
    expect(describeOrder(order, i18n)).toMatchObject({
      badge: { label: "Checking with HyperSKU", tone: "info" },
      meaning: expect.stringContaining("never ordered twice"),
      nextAttemptLine: "Next check with HyperSKU: Jul 14, 2026, 11:00 AM EDT",
      actions: [],
    });
  });

  it("gives a failed order's problem and fix, and offers Retry", () => {
    const summary = describeOrder(buildFailedOrder(), i18n);
    expect(summary.badge).toEqual({ label: "Failed", tone: "critical" });
    expect(summary.problems).toEqual([
      {
        tone: "critical",
        heading: "Problem",
        message: "Sending failed 12 times. Last error: HyperSKU did not answer.",
        fix: "How to fix: Check the HyperSKU connection in the app, then choose Retry.",
      },
    ]);
    expect(summary.actions).toEqual([{ intent: "retry", label: "Retry" }]);
  });

  it("heads a problem raised after sending as HyperSKU's, and one without a fix plainly", () => {
    const order = buildSentOrder({
      problems: [
        buildProblem({ source: "flag", code: "cancel_refused", message: "HyperSKU refused to cancel.", fix: null, severity: "warning" }),
      ],
    });
    expect(describeOrder(order, i18n).problems).toEqual([
      { tone: "warning", heading: "HyperSKU reported a problem", message: "HyperSKU refused to cancel.", fix: null },
    ]);
  });

  it("shows an order left alone on purpose as not handled, with why", () => {
    const summary = describeOrder(buildSkippedOrder(), i18n);
    expect(summary).toMatchObject({ mode: "not-handled", badge: { label: "Not for HyperSKU" } });
    expect(summary.problems[0]).toMatchObject({ tone: "info", heading: "Why", message: "Nothing in this order needs shipping." });
  });

  it("keeps the app's label for a state it does not know", () => {
    const summary = describeOrder(
      buildSentOrder({ state: "archived", stateLabel: "Archived", stateMeaning: "Kept for the records." }),
      i18n,
    );
    expect(summary).toMatchObject({ badge: { label: "Archived", tone: "neutral" }, meaning: "Kept for the records." });
  });

  it("shows times in the shop's time zone, not the computer's, the zone named; in UTC for a zone the browser does not know", () => {
    const sent = { sentAt: "2026-11-24T14:05:00.000Z" };
    expect(describeOrder(buildSentOrder({ ...sent, timeZone: "America/New_York" }), i18n).sentLine).toBe(
      "Sent to HyperSKU on Nov 24, 2026, 9:05 AM EST",
    );
    expect(describeOrder(buildSentOrder({ ...sent, timeZone: "Asia/Tokyo" }), i18n).sentLine).toBe(
      "Sent to HyperSKU on Nov 24, 2026, 11:05 PM GMT+9",
    );
    expect(describeOrder(buildSentOrder({ ...sent, timeZone: "Mars/Olympus_Mons" }), i18n).sentLine).toBe(
      "Sent to HyperSKU on Nov 24, 2026, 2:05 PM UTC",
    );
  });

  it("speaks the merchant's language", () => {
    const summary = describeOrder(buildFailedOrder(), createTestI18n(fr, "fr"));
    expect(summary.badge.label).toBe("Échec");
    expect(summary.actions).toEqual([{ intent: "retry", label: "Réessayer" }]);
    expect(summary.problems[0].fix).toMatch(/^Solution : /);
  });
});

describe("describeActionResult", () => {
  it("confirms in our words when the app accepted, and shows the app's reason when it refused", () => {
    expect(describeActionResult("send-now", { ok: true, message: "x" }, i18n)).toEqual({
      tone: "success",
      heading: "The order is being sent to HyperSKU.",
      message: null,
    });
    expect(describeActionResult("retry", { ok: true, message: "x" }, i18n).heading).toBe("Retrying: the order is being sent to HyperSKU.");
    expect(describeActionResult("retry", { ok: false, message: "Connect HyperSKU first." }, i18n)).toEqual({
      tone: "critical",
      heading: "The order was not sent",
      message: "Connect HyperSKU first.",
    });
  });
});
