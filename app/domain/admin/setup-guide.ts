/**
 * The dashboard's first-run setup guide (Polaris' setup guide pattern; issue 19): four steps that
 * tick themselves from what the app sees (HyperSKU connected, settings saved, an order sent) or, where
 * the app cannot see it, when the merchant marks them done. Dismissed, it stays gone for the shop.
 * Pure: from the shop's record and its counts.
 */
import type { HyperskuStatus } from "~/models/connection-status";
import { formatCount } from "./format";

export type SetupStepId = "connect" | "settings" | "products" | "test_order";

/** Steps the app cannot see done by itself: the merchant marks them. */
const MARKABLE: readonly SetupStepId[] = ["settings", "products"];

type SetupStep = {
  id: SetupStepId;
  title: string;
  description: string;
  done: boolean;
  /** The merchant may tick (and untick) it; the others tick themselves. */
  markable: boolean;
  action: { label: string; url: string };
};

export type SetupGuide = { steps: SetupStep[]; completed: number };

export type SetupGuideInput = {
  connectionStatus: HyperskuStatus;
  dismissed: boolean;
  settingsSavedAt: Date | null;
  /** The stored JSON array of step ids the merchant marked done. */
  stepsMarked: string;
  /** Orders HyperSKU has (sent, in any stage after). */
  ordersSent: number;
  /** Orders held until HyperSKU is connected. */
  ordersHeld: number;
};

export const isMarkableStep = (value: unknown): value is SetupStepId => MARKABLE.includes(value as SetupStepId);

export function parseMarkedSteps(json: string): SetupStepId[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isMarkableStep) : [];
  } catch {
    return [];
  }
}

/** The guide, or null once the merchant dismissed it. */
export function buildSetupGuide(input: SetupGuideInput): SetupGuide | null {
  if (input.dismissed) return null;
  const marked = new Set(parseMarkedSteps(input.stepsMarked));
  const held =
    input.ordersHeld > 0
      ? ` ${formatCount(input.ordersHeld)} ${input.ordersHeld === 1 ? "order waits" : "orders wait"} for it and ${input.ordersHeld === 1 ? "is" : "are"} sent once you connect.`
      : "";
  const steps: SetupStep[] = [
    {
      id: "connect",
      title: "Connect HyperSKU",
      description: `Sign in to your HyperSKU account and allow this app to send it your orders.${held}`,
      done: input.connectionStatus === "connected",
      markable: false,
      action: { label: "Connect HyperSKU", url: "/app/connection" },
    },
    {
      id: "settings",
      title: "Review what is sent and when",
      description:
        "Choose whether orders go to HyperSKU when they are paid or when they are placed, how long to wait first, and which orders stay with you (test orders, tags, locations).",
      done: input.settingsSavedAt !== null || marked.has("settings"),
      markable: true,
      action: { label: "Review settings", url: "/app/settings" },
    },
    {
      id: "products",
      title: "Check your products",
      description: "See which of your products HyperSKU fulfils and which it leaves to you, and that each is linked to HyperSKU's item.",
      done: marked.has("products"),
      markable: true,
      action: { label: "Check products", url: "/app/products" },
    },
    {
      id: "test_order",
      title: "Send a test order",
      description:
        "Create an order in Shopify (a draft order marked as paid will do) and watch it reach HyperSKU here. Orders Shopify marks as test orders stay with you while 'Skip test orders' is on.",
      done: input.ordersSent > 0,
      markable: false,
      action: { label: "Create an order in Shopify", url: "shopify://admin/draft_orders/new" },
    },
  ];
  return { steps, completed: steps.filter((step) => step.done).length };
}
