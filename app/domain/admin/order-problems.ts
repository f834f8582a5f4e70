/**
 * The problems one order has now, each with its fix in plain words and links straight to where it
 * is fixed (issue 19), and which of them the merchant has settled (marked resolved or ignored with a
 * note). Pure: from the order's stored columns and the notes on its timeline.
 *
 * A problem's key names this occurrence of it: a note settles that key only, so a new problem on the
 * same order (another reason, another flag, a send that failed again later) shows again.
 */
import { getStateFix, getFlagFix } from "~/domain/extension/problem-fixes";
import { shopifyOrderUrl, type HyperskuWebLinks } from "~/domain/connection/hypersku-web";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";

export type ProblemOrder = {
  id: string;
  name: string;
  shopifyOrderId: string;
  state: string;
  stateCode: string | null;
  stateReason: string | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  flagCode: string | null;
  flagReason: string | null;
  hyperskuOrderId: string | null;
  hyperskuStatus: number | null;
};

const PROBLEM_CATEGORIES = ["failed", "needs_attention", "flag", "pending_payment", "overdue", "returned"] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];

type ProblemLink = { label: string; url: string; external: boolean };

export type OrderProblem = {
  key: string;
  category: ProblemCategory;
  title: string;
  /** What is wrong, as the app recorded it. */
  description: string;
  /** What to do about it. */
  fix: string;
  links: ProblemLink[];
};

export type ProblemResolution = "resolved" | "ignored";

/** A note the merchant left on a problem (an OrderEvent of kind "problem"). */
export type ProblemNote = { orderId: string; problemKey: string };

const HYPERSKU_PROBLEMS: { code: number; category: ProblemCategory; title: string; description: string; fix: string }[] = [
  {
    code: HYPERSKU_STATUS.pendingPayment,
    category: "pending_payment",
    title: "Waiting for your payment at HyperSKU",
    description: "HyperSKU buys and ships the items only after you pay for the order in your HyperSKU account.",
    fix: "Pay for the order at HyperSKU. The app sees the payment at its next check.",
  },
  {
    code: HYPERSKU_STATUS.overdue,
    category: "overdue",
    title: "Overdue at HyperSKU",
    description: "The order is past the time HyperSKU expected to ship it.",
    fix: "Open the order at HyperSKU and ask HyperSKU's support what holds it up.",
  },
  {
    code: HYPERSKU_STATUS.returned,
    category: "returned",
    title: "The parcel was returned",
    description: "The carrier returned the parcel to HyperSKU.",
    fix: "Contact the customer to confirm the address, then ask HyperSKU to ship it again or refund the customer in Shopify.",
  },
];

function linksFor(order: ProblemOrder, web: HyperskuWebLinks, pay: boolean): ProblemLink[] {
  return [
    ...(pay ? [{ label: "Pay at HyperSKU", url: web.payment, external: true }] : []),
    ...(order.hyperskuOrderId ? [{ label: "Open the order at HyperSKU", url: web.order(order.hyperskuOrderId), external: true }] : []),
    { label: "Open the order in Shopify", url: shopifyOrderUrl(order.shopifyOrderId), external: false },
  ];
}

type FoundProblem = Omit<OrderProblem, "links">;

/** Every problem the order has now, most urgent first, with links to where each is fixed. */
export function listOrderProblems(order: ProblemOrder, web: HyperskuWebLinks): OrderProblem[] {
  return findProblems(order).map((problem) => ({ ...problem, links: linksFor(order, web, problem.category === "pending_payment") }));
}

function findProblems(order: ProblemOrder): FoundProblem[] {
  const problems: FoundProblem[] = [];
  if (order.state === "failed") {
    problems.push({
      key: `failed:${order.stateCode ?? ""}:${order.lastAttemptAt?.toISOString() ?? ""}`,
      category: "failed",
      title: "Could not be sent to HyperSKU",
      description: order.stateReason ?? order.lastError ?? "Sending failed several times in a row.",
      fix: getStateFix(order.stateCode) ?? "Choose Retry once HyperSKU answers again.",
    });
  }
  if (order.state === "needs_attention") {
    problems.push({
      key: `needs_attention:${order.stateCode ?? ""}`,
      category: "needs_attention",
      title: "Needs your attention before it can be sent",
      description: order.stateReason ?? "Something must be fixed before the order can be sent.",
      fix: getStateFix(order.stateCode) ?? "Open the order in Shopify, fix what is missing, then choose Retry.",
    });
  }
  if (order.flagCode) {
    problems.push({
      key: `flag:${order.flagCode}`,
      category: "flag",
      title: "Something needs a decision",
      description: order.flagReason ?? "Something changed after the order reached HyperSKU.",
      fix: getFlagFix(order.flagCode) ?? "Open the order at HyperSKU and in Shopify and make them agree.",
    });
  }
  const atHypersku = HYPERSKU_PROBLEMS.find((entry) => entry.code === order.hyperskuStatus);
  if (atHypersku) {
    problems.push({
      key: `hypersku:${atHypersku.code}`,
      category: atHypersku.category,
      title: atHypersku.title,
      description: atHypersku.description,
      fix: atHypersku.fix,
    });
  }
  return problems;
}

/** The problems no note settles: what the order page, the dashboard and the digest still show. */
export function openProblems(problems: OrderProblem[], notes: readonly ProblemNote[], orderId: string): OrderProblem[] {
  const settled = new Set(notes.filter((note) => note.orderId === orderId).map((note) => note.problemKey));
  return problems.filter((problem) => !settled.has(problem.key));
}

/**
 * Per category, the orders whose current problem the merchant settled: the dashboard takes them off
 * its counts and the digest leaves them out. A note on a problem the order no longer has (fixed, or
 * replaced by a new one) settles nothing.
 */
export function settledOrders(notes: readonly (ProblemNote & { order: ProblemOrder })[]) {
  const settled = new Map<ProblemCategory, Map<string, ProblemOrder>>(PROBLEM_CATEGORIES.map((category) => [category, new Map()]));
  for (const note of notes) {
    const problem = findProblems(note.order).find((candidate) => candidate.key === note.problemKey);
    if (problem) settled.get(problem.category)!.set(note.orderId, note.order);
  }
  return settled;
}

export type SettledOrders = ReturnType<typeof settledOrders>;
