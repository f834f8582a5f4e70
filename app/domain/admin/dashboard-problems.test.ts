import { HELD_REASONS } from "~/models/order-state";
import { buildDashboardProblems, type ProblemInput } from "./dashboard-problems";

const calm: ProblemInput = {
  connection: { status: "connected", reason: null },
  counts: { sent: 10 },
  hyperskuCounts: new Map([[4, 10]]),
  needsAttentionReasons: [],
  flagged: { total: 0, rows: [] },
  parcelProblems: { total: 0, rows: [] },
};

describe("dashboard problems", () => {
  it("has nothing to say when everything flows", () => {
    expect(buildDashboardProblems(calm)).toEqual([]);
  });

  it("puts each problem with its fix, most urgent first", () => {
    const problems = buildDashboardProblems({
      connection: { status: "reconnect_needed", reason: "Your HyperSKU authorization has expired." },
      counts: { held: 3, failed: 2, needs_attention: 4 },
      heldReasons: [{ code: "reconnect_needed", count: 3 }],
      hyperskuCounts: new Map([
        [1, 5],
        [10, 1],
      ]),
      needsAttentionReasons: [
        { code: "no_shipping_address", count: 3 },
        { code: "hypersku_rejected", count: 1 },
      ],
      flagged: { total: 7, rows: [{ id: "o1", name: "#1001", flagReason: "The address changed after shipping." }] },
      parcelProblems: { total: 1, rows: [{ order: { id: "o2", name: "#1002" }, fulfillmentError: "Shopify refused" }] },
    });
    expect(problems.map((problem) => problem.id)).toEqual([
      "connection",
      "failed",
      "needs_attention",
      "pending_payment",
      "hypersku_10",
      "flagged",
      "parcels",
    ]);
    const [connection, failed, attention] = problems;
    expect(connection.description).toContain("3 orders are held safely and will be sent once you reconnect.");
    expect(connection.action).toEqual({ kind: "link", label: "Reconnect HyperSKU", url: "/app/connection" });
    expect(failed.action).toEqual({ kind: "submit", label: "Retry failed orders", intent: "retry_failed" });
    expect(attention.details[0].text).toMatch(/^3 orders: This order has no shipping address.*Add a shipping address/);
    expect(attention.details[1].text).toContain("HyperSKU did not accept the order");
    expect(problems.find((problem) => problem.id === "flagged")?.action).toEqual({
      kind: "link",
      label: "Open #1001",
      url: "/app/orders/o1",
    });
  });

  it("tells the operator's problems apart: orders held because the stored tokens cannot be opened", () => {
    const problems = buildDashboardProblems({
      ...calm,
      counts: { held: 4 },
      heldReasons: [
        { code: "stored_token_unreadable", count: 3 },
        { code: "not_connected", count: 1 },
      ],
    });
    expect(problems.map((problem) => problem.id)).toEqual(["operator"]);
    expect(problems[0].title).toBe("3 orders are held until the app's operator fixes its setup");
    expect(problems[0].details[0].text).toMatch(/^3 orders: .*TOKEN_ENCRYPTION_KEYS/);
    expect(problems[0].action).toEqual({ kind: "link", label: "See held orders", url: "/app/orders?tab=to_send" });
  });

  it("counts in the connection banner only the orders a connection releases, and says why the others wait", () => {
    const [connection] = buildDashboardProblems({
      ...calm,
      connection: { status: "not_connected", reason: null },
      counts: { held: 9 },
      heldReasons: [
        { code: "needs_sourcing", count: 4 },
        { code: "not_connected", count: 2 },
        { code: "fulfillment_on_hold", count: 1 },
        { code: "app_uninstalled", count: 1 },
        { code: "reconnect_needed", count: 1 },
      ],
    });
    expect(connection.id).toBe("connection");
    expect(connection.description).toBe(
      "No order can be sent until HyperSKU is connected. 4 orders are held safely and will be sent once you connect.",
    );
    expect(connection.details.map((detail) => detail.text)).toEqual([
      `4 orders: ${HELD_REASONS.needs_sourcing.meaning} ${HELD_REASONS.needs_sourcing.fix}`,
      `1 order: ${HELD_REASONS.fulfillment_on_hold.meaning} ${HELD_REASONS.fulfillment_on_hold.fix}`,
    ]);
  });

  it("does not promise held orders to a connection when none of them waits for one", () => {
    const [connection] = buildDashboardProblems({
      ...calm,
      connection: { status: "reconnect_needed", reason: "Expired." },
      counts: { held: 2 },
      heldReasons: [{ code: "fulfillment_on_hold", count: 2 }],
    });
    expect(connection.description).toBe("Expired.");
    expect(connection.details).toEqual([{ text: expect.stringMatching(/^2 orders: Waiting for Shopify/) }]);
  });

  it("words a single order in the singular", () => {
    const [failed] = buildDashboardProblems({ ...calm, counts: { failed: 1 } });
    expect(failed.title).toBe("1 order could not be sent");
    expect(failed.action.label).toBe("Retry the failed order");
  });

  it("says a large count exactly, with thousands separated", () => {
    const [failed] = buildDashboardProblems({ ...calm, counts: { failed: 12_345 } });
    expect(failed.title).toBe("12,345 orders could not be sent");
  });
});

describe("dashboard problems: where to act", () => {
  it("sends an unpaid order's merchant to pay at HyperSKU, with the orders list beside it", () => {
    const [unpaid] = buildDashboardProblems({
      ...calm,
      hyperskuCounts: new Map([[1, 2]]),
      paymentUrl: "https://app.hypersku.example/order/list?status=unpaid",
    });
    expect(unpaid.action).toEqual({
      kind: "link",
      label: "Pay at HyperSKU",
      url: "https://app.hypersku.example/order/list?status=unpaid",
      external: true,
    });
    expect(unpaid.secondaryAction).toEqual({ label: "See unpaid orders", url: "/app/orders?status=1" });
  });

  it("leaves 'connect HyperSKU' to the setup guide on a first run, but not a lost connection", () => {
    const notConnected = { ...calm, connection: { status: "not_connected" as const, reason: null }, setupGuideShown: true };
    expect(buildDashboardProblems(notConnected)).toEqual([]);
    expect(buildDashboardProblems({ ...notConnected, setupGuideShown: false }).map((problem) => problem.id)).toEqual(["connection"]);
    const lost = { ...notConnected, connection: { status: "reconnect_needed" as const, reason: "Expired." } };
    expect(buildDashboardProblems(lost).map((problem) => problem.id)).toEqual(["connection"]);
  });
});
