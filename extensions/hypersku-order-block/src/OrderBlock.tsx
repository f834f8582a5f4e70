/**
 * The block on Shopify's order page. States: loading, empty (the app does not handle this order),
 * error (with Try again), and the order: sent or not, HyperSKU id and status with its meaning,
 * problems with their fixes, parcels with tracking links, and Send now / Retry with the result.
 * What to say comes from describe-order.ts and format-parcels.ts; this file only lays it out.
 */
import { useEffect, useState } from "preact/hooks";
import type { OrderBlockIntent, OrderBlockView } from "../../../app/domain/extension/order-block-contract";
import type { ApiFailure, LoadOutcome, OrderApi } from "./api-client";
import { describeActionResult, describeOrder, type OrderSummary } from "./describe-order";
import { formatParcels } from "./format-parcels";
import type { I18n } from "./i18n";

export type OrderBlockProps = { orderId: string | null; api: OrderApi; i18n: I18n };

type Phase =
  { phase: "loading" } | { phase: "empty" } | { phase: "error"; failure: ApiFailure } | { phase: "order"; order: OrderBlockView };
type Notice = { tone: "success" | "critical"; heading: string; message: string | null };

function toPhase(outcome: LoadOutcome): Phase {
  if (outcome.kind === "found") return { phase: "order", order: outcome.order };
  if (outcome.kind === "not-found") return { phase: "empty" };
  return { phase: "error", failure: outcome };
}

export function OrderBlock({ orderId, api, i18n }: OrderBlockProps) {
  const { t } = i18n;
  const [state, setState] = useState<Phase>(orderId ? { phase: "loading" } : { phase: "empty" });
  const [reload, setReload] = useState(0);
  const [pending, setPending] = useState<OrderBlockIntent | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!orderId) return;
    let current = true;
    setState({ phase: "loading" });
    void api.getOrder(orderId).then((outcome) => {
      if (current) setState(toPhase(outcome));
    });
    return () => {
      current = false;
    };
  }, [api, orderId, reload]);

  async function run(intent: OrderBlockIntent) {
    if (!orderId || pending) return;
    setPending(intent);
    setNotice(null);
    const outcome = await api.runAction(orderId, intent);
    setPending(null);
    if (outcome.kind === "done") {
      setState({ phase: "order", order: outcome.order });
      setNotice(describeActionResult(intent, outcome.result, i18n));
    } else if (outcome.kind === "not-found") {
      setState({ phase: "empty" });
    } else {
      setNotice({ tone: "critical", heading: t("actions.unreachable"), message: null });
    }
  }

  if (state.phase === "loading") {
    return (
      <s-admin-block heading={t("heading")}>
        <s-stack direction="inline" gap="small" alignItems="center">
          <s-spinner accessibilityLabel={t("loading")} />
          <s-text color="subdued">{t("loading")}</s-text>
        </s-stack>
      </s-admin-block>
    );
  }

  if (state.phase === "empty") {
    return (
      <s-admin-block heading={t("heading")} collapsedSummary={t("empty.title")}>
        <s-stack direction="block" gap="small">
          <s-text type="strong">{t("empty.title")}</s-text>
          <s-paragraph color="subdued">{t("empty.body")}</s-paragraph>
        </s-stack>
      </s-admin-block>
    );
  }

  if (state.phase === "error") {
    return (
      <s-admin-block heading={t("heading")}>
        <s-banner tone="critical" heading={t("error.title")}>
          <s-stack direction="block" gap="small">
            <s-paragraph>{state.failure.reason === "unauthorized" ? t("error.unauthorized") : t("error.body")}</s-paragraph>
            <s-button onClick={() => setReload((count) => count + 1)}>{t("error.tryAgain")}</s-button>
          </s-stack>
        </s-banner>
      </s-admin-block>
    );
  }

  const summary = describeOrder(state.order, i18n);
  return (
    <s-admin-block heading={t("heading")} collapsedSummary={summary.mode === "not-handled" ? t("empty.title") : summary.collapsedSummary}>
      <s-stack direction="block" gap="base">
        {summary.mode === "not-handled" ? <NotHandled title={t("empty.title")} meaning={summary.meaning} /> : <Status summary={summary} />}
        {summary.problems.map((problem, index) => (
          <s-banner key={index} tone={problem.tone} heading={problem.heading}>
            <s-stack direction="block" gap="small-300">
              <s-paragraph>{problem.message}</s-paragraph>
              {problem.fix && <s-paragraph>{problem.fix}</s-paragraph>}
            </s-stack>
          </s-banner>
        ))}
        {summary.mode === "status" && <Parcels order={state.order} i18n={i18n} />}
        {summary.actions.length > 0 && (
          <s-stack direction="inline" gap="small">
            {summary.actions.map((action) => (
              <s-button
                key={action.intent}
                variant="primary"
                loading={pending === action.intent}
                disabled={pending !== null}
                onClick={() => void run(action.intent)}
              >
                {action.label}
              </s-button>
            ))}
          </s-stack>
        )}
        {notice && (
          <s-banner tone={notice.tone} heading={notice.heading}>
            {notice.message && <s-paragraph>{notice.message}</s-paragraph>}
          </s-banner>
        )}
      </s-stack>
    </s-admin-block>
  );
}

function NotHandled({ title, meaning }: { title: string; meaning: string }) {
  return (
    <s-stack direction="block" gap="small">
      <s-text type="strong">{title}</s-text>
      <s-paragraph color="subdued">{meaning}</s-paragraph>
    </s-stack>
  );
}

function Status({ summary }: { summary: OrderSummary }) {
  return (
    <s-stack direction="block" gap="small">
      <s-stack direction="inline" gap="small" alignItems="center">
        <s-badge tone={summary.badge.tone}>{summary.badge.label}</s-badge>
        <s-text>{summary.sentLine}</s-text>
      </s-stack>
      <s-paragraph color="subdued">{summary.meaning}</s-paragraph>
      {summary.nextAttemptLine && <s-text color="subdued">{summary.nextAttemptLine}</s-text>}
      {summary.hypersku && (
        <s-stack direction="block" gap="small-300">
          <s-text type="strong">{summary.hypersku.orderIdLine}</s-text>
          {summary.hypersku.statusName && (
            <s-stack direction="inline" gap="small" alignItems="center">
              <s-badge tone={summary.hypersku.tone}>{summary.hypersku.statusName}</s-badge>
              {summary.hypersku.statusMeaning && <s-text>{summary.hypersku.statusMeaning}</s-text>}
            </s-stack>
          )}
        </s-stack>
      )}
    </s-stack>
  );
}

function Parcels({ order, i18n }: { order: OrderBlockView; i18n: I18n }) {
  const { t } = i18n;
  if (!order.sentToHypersku) return null;
  const parcels = formatParcels(order.parcels, i18n);
  return (
    <s-stack direction="block" gap="small">
      <s-heading>{t("parcels.heading")}</s-heading>
      {parcels.length === 0 && <s-paragraph color="subdued">{t("parcels.none")}</s-paragraph>}
      {parcels.map((parcel) => (
        <s-stack key={parcel.key} direction="block" gap="small-400">
          <s-text type="strong">{parcel.heading}</s-text>
          <s-text>{parcel.carrier}</s-text>
          {parcel.tracking.url ? (
            <s-link href={parcel.tracking.url} target="_blank">
              {parcel.tracking.text}
            </s-link>
          ) : (
            <s-text color="subdued">{parcel.tracking.text}</s-text>
          )}
          {parcel.status && <s-text color="subdued">{parcel.status}</s-text>}
          {parcel.items && <s-text color="subdued">{parcel.items}</s-text>}
          {parcel.fulfillment && (
            <s-text tone={parcel.fulfillment.tone === "critical" ? "critical" : "auto"}>{parcel.fulfillment.text}</s-text>
          )}
        </s-stack>
      ))}
    </s-stack>
  );
}
