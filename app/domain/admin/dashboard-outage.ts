/**
 * The dashboard's outage banner and the answer of "Retry failed orders" while HyperSKU does not
 * answer (decision 0024). Pure: from the shop's call health (app/domain/connection/health.ts) and the
 * sends waiting for their next try.
 */
import type { CallHealth } from "~/domain/connection/health";
import type { DashboardProblem } from "./dashboard-problems";
import { formatCount } from "./format";

export type WaitingSends = { count: number; nextTryText: string };

const orders = (count: number) => `${formatCount(count)} ${count === 1 ? "order" : "orders"}`;

/** The banner, once HyperSKU has not answered for five minutes; null before and after. */
export function buildOutageProblem(health: CallHealth, waiting: WaitingSends): DashboardProblem | null {
  if (health.state !== "down") return null;
  const details = [
    {
      text:
        waiting.count > 0
          ? `${orders(waiting.count)} ${waiting.count === 1 ? "waits" : "wait"} to be sent${waiting.nextTryText ? `; next try at ${waiting.nextTryText}` : ""}.`
          : "No order is waiting to be sent.",
    },
    ...(health.lastFailure ? [{ text: `Last failure: ${health.lastFailure}` }] : []),
  ];
  return {
    id: "hypersku_down",
    tone: "critical",
    title: `HyperSKU is not answering since ${health.sinceText}`,
    // The title says since when; the description what happens meanwhile.
    description: "The app keeps trying and nothing is lost: waiting orders are sent on their own as soon as HyperSKU answers.",
    details,
    action: { kind: "link", label: "See waiting orders", url: "/app/orders?tab=to_send" },
  };
}

/** What "Retry failed orders" answers while HyperSKU does not answer; null when it answers. */
export function describeRetryDuringOutage(health: CallHealth, waiting: WaitingSends): string | null {
  if (health.state === "ok") return null;
  return `HyperSKU is still not answering: ${orders(waiting.count)} will be sent as soon as it answers.`;
}
