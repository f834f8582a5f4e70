import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { buildDashboardProblems, type ProblemInput } from "./dashboard-problems";
import { withoutSettled } from "./dashboard-settled";
import { settledOrders, type ProblemOrder } from "./order-problems";

const order = (overrides: Partial<ProblemOrder>): ProblemOrder => ({
  id: "o",
  name: "#1",
  shopifyOrderId: "1",
  state: "sent",
  stateCode: null,
  stateReason: null,
  lastAttemptAt: null,
  lastError: null,
  flagCode: null,
  flagReason: null,
  hyperskuOrderId: "H",
  hyperskuStatus: null,
  ...overrides,
});

const input: ProblemInput = {
  connection: { status: "connected", reason: null },
  counts: { needs_attention: 2, failed: 1 },
  hyperskuCounts: new Map([[HYPERSKU_STATUS.pendingPayment, 1]]),
  needsAttentionReasons: [
    { code: "no_shipping_address", count: 1 },
    { code: "missing_city", count: 1 },
  ],
  flagged: {
    total: 2,
    rows: [
      { id: "f1", name: "#11", flagReason: "Address changed." },
      { id: "f2", name: "#12", flagReason: "Cancel refused." },
    ],
  },
  parcelProblems: { total: 0, rows: [] },
};

describe("settled problems leave the dashboard", () => {
  it("takes each settled order off its problem's count, reason and list; the others stay", () => {
    const settled = settledOrders([
      {
        orderId: "n1",
        problemKey: "needs_attention:no_shipping_address",
        order: order({ id: "n1", state: "needs_attention", stateCode: "no_shipping_address" }),
      },
      {
        orderId: "p1",
        problemKey: `hypersku:${HYPERSKU_STATUS.pendingPayment}`,
        order: order({ id: "p1", hyperskuStatus: HYPERSKU_STATUS.pendingPayment }),
      },
      { orderId: "f1", problemKey: "flag:address_changed", order: order({ id: "f1", flagCode: "address_changed" }) },
    ]);
    const problems = buildDashboardProblems(withoutSettled(input, settled, 5));
    expect(problems.map((problem) => problem.id)).toEqual(["failed", "needs_attention", "flagged"]);
    const attention = problems.find((problem) => problem.id === "needs_attention")!;
    expect(attention.title).toBe("1 order needs your attention");
    expect(attention.details.map((detail) => detail.text)).toEqual([expect.stringMatching(/^1 order: The shipping address has no city/)]);
    const flagged = problems.find((problem) => problem.id === "flagged")!;
    expect(flagged.title).toBe("1 order at HyperSKU needs a decision");
    expect(flagged.details.map((detail) => detail.url)).toEqual(["/app/orders/f2"]);
  });

  it("changes nothing when nothing is settled", () => {
    const none = settledOrders([]);
    expect(buildDashboardProblems(withoutSettled(input, none, 5))).toEqual(buildDashboardProblems(input));
  });
});
