import { getHyperskuWebLinks } from "~/domain/connection/hypersku-web";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { listOrderProblems, openProblems, settledOrders, type ProblemOrder } from "./order-problems";

const web = getHyperskuWebLinks("https://app.hypersku.example/application/auth");

const order = (overrides: Partial<ProblemOrder> = {}): ProblemOrder => ({
  id: "o1",
  name: "#1001",
  shopifyOrderId: "820982911946154508",
  state: "sent",
  stateCode: null,
  stateReason: null,
  lastAttemptAt: null,
  lastError: null,
  flagCode: null,
  flagReason: null,
  hyperskuOrderId: null,
  hyperskuStatus: null,
  ...overrides,
});

describe("an order's problems", () => {
  it("has none while it flows", () => {
    expect(listOrderProblems(order({ hyperskuOrderId: "H1", hyperskuStatus: HYPERSKU_STATUS.shipping }), web)).toEqual([]);
  });

  it("says what is wrong and what to do, with a link to the Shopify order by its numeric id", () => {
    const [problem] = listOrderProblems(
      order({ state: "needs_attention", stateCode: "no_shipping_address", stateReason: "This order has no shipping address." }),
      web,
    );
    expect(problem).toMatchObject({
      key: "needs_attention:no_shipping_address",
      category: "needs_attention",
      description: "This order has no shipping address.",
      fix: "Add a shipping address to the order in Shopify, then choose Retry.",
    });
    expect(problem.links).toEqual([
      { label: "Open the order in Shopify", url: "shopify://admin/orders/820982911946154508", external: false },
    ]);
  });

  it("links an unpaid order to paying at HyperSKU and to the order at HyperSKU", () => {
    const [problem] = listOrderProblems(order({ hyperskuOrderId: "HS-77", hyperskuStatus: HYPERSKU_STATUS.pendingPayment }), web);
    expect(problem.category).toBe("pending_payment");
    expect(problem.links.map((link) => [link.label, link.url])).toEqual([
      ["Pay at HyperSKU", "https://app.hypersku.example/order/list?status=unpaid"],
      ["Open the order at HyperSKU", "https://app.hypersku.example/order/list?keyword=HS-77"],
      ["Open the order in Shopify", "shopify://admin/orders/820982911946154508"],
    ]);
  });

  it("lists a flag beside HyperSKU's status, each its own problem", () => {
    const problems = listOrderProblems(
      order({
        hyperskuOrderId: "HS-1",
        hyperskuStatus: HYPERSKU_STATUS.overdue,
        flagCode: "cancel_refused",
        flagReason: "HyperSKU refused to cancel.",
      }),
      web,
    );
    expect(problems.map((problem) => problem.key)).toEqual(["flag:cancel_refused", `hypersku:${HYPERSKU_STATUS.overdue}`]);
    expect(problems[0].fix).not.toBe("");
  });

  it("a note settles that problem only: a send that fails again later is a new problem", () => {
    const firstFailure = order({ state: "failed", stateCode: "hypersku_unavailable", lastAttemptAt: new Date("2026-11-20T10:00:00Z") });
    const [problem] = listOrderProblems(firstFailure, web);
    const notes = [{ orderId: "o1", problemKey: problem.key }];
    expect(openProblems([problem], notes, "o1")).toEqual([]);
    expect(openProblems([problem], notes, "another-order")).toEqual([problem]);

    const failedAgain = listOrderProblems({ ...firstFailure, lastAttemptAt: new Date("2026-11-21T10:00:00Z") }, web);
    expect(openProblems(failedAgain, notes, "o1")).toHaveLength(1);
  });

  it("counts an order as settled only while it still has the problem the note was about", () => {
    const unpaid = order({ hyperskuOrderId: "HS-1", hyperskuStatus: HYPERSKU_STATUS.pendingPayment });
    const flagged = order({ id: "o2", state: "needs_attention", stateCode: "missing_city" });
    const settled = settledOrders([
      { orderId: "o1", problemKey: `hypersku:${HYPERSKU_STATUS.pendingPayment}`, order: unpaid },
      // The note was about another reason: the order's problem now is new.
      { orderId: "o2", problemKey: "needs_attention:no_shipping_address", order: flagged },
    ]);
    expect([...settled.get("pending_payment")!.keys()]).toEqual(["o1"]);
    expect(settled.get("needs_attention")!.size).toBe(0);
  });
});
