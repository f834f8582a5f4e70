/**
 * A shop's notification digest, end to end: read what needs the merchant, decide (plan-digest.ts),
 * send through the mailer, record. The fingerprint and time of a digest are saved only after the
 * mail server accepted it, so a refused or failed delivery is tried again and never lost. One the
 * server received without confirming it may have arrived: it waits, and goes again at most once,
 * under the same Message-ID (unconfirmed-digest.ts).
 * Also: the scheduler's part (which shops to look at now) and the settings page's view.
 */
import { getShopTimezone } from "~/models/shop.server";
import { enqueue, findQueuedJob, JOB_TYPES } from "~/domain/enqueue.server";
import { formatDateTime } from "~/domain/admin/format";
import { getSettledOrders } from "~/domain/admin/order-problems.server";
import { getHyperskuWebLinksFromEnv } from "~/domain/connection/hypersku.server";
import { HYPERSKU_STATUS, HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import { getEmbeddedAppUrl } from "~/domain/shops/admin-url.server";
import { parseNotificationEmails } from "~/domain/shops/settings.server";
import { mailJobOutcome } from "~/integrations/mail/job-outcome";
import { describeMailDelivery, getMailDelivery, MailDeliveryError, mailMessageId, sendMail } from "~/integrations/mail/mailer.server";
import { logger } from "~/logger.server";
import { describeReconnectReason, parseHyperskuStatus } from "~/models/connection-status";
import {
  type DigestShop,
  getDigestShop,
  listFlaggedOrdersForDigest,
  listOrdersInStates,
  listOrdersWithHyperskuStatus,
  listSentOrdersWithoutTracking,
  listShopsWithNotifications,
  recordDigestChecked,
  recordDigestFailed,
  recordDigestSent,
  recordDigestUnconfirmed,
} from "~/models/digest.server";
import type { JobOutcome } from "~/queue";
import { DIGEST_CHECK_EVERY_MS, nextDigestCheckAt, parseDigestInterval } from "./digest-timing";
import { DIGEST_NAMED_ORDERS, type DigestFacts, planDigest } from "./plan-digest";
import { renderDigest } from "./render-digest";
import {
  copyOfUnconfirmed,
  digestMessageKey,
  readUnconfirmedDigest,
  UNCONFIRMED_DIGEST_NOTE,
  unconfirmedWaitUntil,
} from "./unconfirmed-digest";

const DAY_MS = 86_400_000;
/**
 * Orders placed longer ago than this are not looked at for missing tracking: by then the merchant
 * has had the digest's word on them for weeks, and the read stays a bounded index range.
 */
const NO_TRACKING_WINDOW_DAYS = 90;
/** Statuses whose orders are not "waiting for tracking": finished, or waiting on the merchant's payment. */
const NOT_AWAITING_TRACKING = [
  ...HYPERSKU_STATUSES.filter((row) => row.final).map((row) => row.code),
  HYPERSKU_STATUS.pendingPayment,
  HYPERSKU_STATUS.paymentInProgress,
];

async function readDigestFacts(shop: DigestShop, now: Date): Promise<DigestFacts> {
  const withUrls = <T extends { id: string }>(list: { total: number; rows: T[] }) => ({
    total: list.total,
    rows: list.rows.map((row) => ({ flagReason: null, ...row, url: getEmbeddedAppUrl(shop.domain, `/app/orders/${row.id}`) })),
  });
  const days = shop.noTrackingDays;
  // Problems the merchant marked resolved or ignored are not news (app/domain/admin/order-problems.ts).
  const settled = await getSettledOrders(shop.domain);
  const except = (category: Parameters<typeof settled.get>[0]) => [...settled.get(category)!.keys()];
  const [failed, needsAttention, needsDecision, awaitingPayment, noTracking] = await Promise.all([
    listOrdersInStates(shop.domain, ["failed"], DIGEST_NAMED_ORDERS, except("failed")),
    listOrdersInStates(shop.domain, ["needs_attention"], DIGEST_NAMED_ORDERS, except("needs_attention")),
    listFlaggedOrdersForDigest(shop.domain, DIGEST_NAMED_ORDERS, except("flag")),
    listOrdersWithHyperskuStatus(shop.domain, HYPERSKU_STATUS.pendingPayment, DIGEST_NAMED_ORDERS, except("pending_payment")),
    listSentOrdersWithoutTracking(
      shop.domain,
      { placedAfter: new Date(now.getTime() - NO_TRACKING_WINDOW_DAYS * DAY_MS), sentBefore: new Date(now.getTime() - days * DAY_MS) },
      NOT_AWAITING_TRACKING,
      DIGEST_NAMED_ORDERS,
    ),
  ]);
  const lost = parseHyperskuStatus(shop.hyperskuStatus) === "reconnect_needed";
  return {
    now,
    connectionLost: lost
      ? { reason: describeReconnectReason(shop.hyperskuStatusReason), url: getEmbeddedAppUrl(shop.domain, "/app/connection") }
      : null,
    failed: withUrls(failed),
    needsAttention: withUrls(needsAttention),
    needsDecision: withUrls(needsDecision),
    awaitingPayment: withUrls(awaitingPayment),
    paymentUrl: getHyperskuWebLinksFromEnv().payment,
    noTracking: { ...withUrls(noTracking), days },
  };
}

/** The send-digest job: looks, and mails the shop's addresses when the plan says so. */
export async function sendShopDigest(domain: string, now = new Date()): Promise<JobOutcome> {
  const shop = await getDigestShop(domain);
  const to = shop ? parseNotificationEmails(shop.notificationEmails) : [];
  if (!shop || shop.uninstalledAt || to.length === 0 || getMailDelivery().kind === "off") return { kind: "done" };

  // A digest the server may have delivered is not followed by another mail before the wait is over.
  const unconfirmed = readUnconfirmedDigest(shop);
  const waitUntil = unconfirmedWaitUntil(unconfirmed, now);
  if (waitUntil)
    return { kind: "reschedule", runAt: waitUntil, note: "The last e-mail may have arrived unconfirmed: waiting before sending again." };

  const decision = planDigest({
    facts: await readDigestFacts(shop, now),
    interval: parseDigestInterval(shop.digestInterval),
    last: { at: shop.lastDigestAt, fingerprint: shop.lastDigestFingerprint },
  });
  if (!decision.send) {
    await recordDigestChecked(domain, now, {
      forgetFingerprint: decision.why === "nothing" && shop.lastDigestFingerprint !== null,
      // Only a digest that is still news is sent again; one too soon for the interval still is.
      forgetUnconfirmed: unconfirmed !== null && decision.why !== "too_soon",
    });
    return { kind: "done" };
  }

  const mail = renderDigest({
    shopName: shop.name ?? domain.replace(/\.myshopify\.com$/, ""),
    sections: decision.sections,
    appUrl: getEmbeddedAppUrl(domain, "/app"),
    settingsUrl: getEmbeddedAppUrl(domain, "/app/settings"),
  });
  const copyOf = copyOfUnconfirmed(unconfirmed, decision.fingerprint);
  const messageId = copyOf?.messageId ?? mailMessageId(digestMessageKey(domain, decision.fingerprint, now));
  const logFields = {
    shop: domain,
    messageId,
    sections: decision.sections.map((section) => section.id),
    ...(copyOf ? { copyOf: copyOf.at.toISOString() } : {}),
  };
  try {
    const receipt = await sendMail({ to, ...mail, messageId });
    await recordDigestSent(domain, now, decision.fingerprint);
    logger.info(
      { ...logFields, delivery: receipt.kind },
      copyOf
        ? "notification digest sent again; the unconfirmed first copy (same Message-ID) may have arrived too"
        : "notification digest sent",
    );
    return { kind: "done" };
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    if (error.outcomeUnknown && copyOf) {
      // Twice received and not confirmed: this server takes messages and answers late. A third
      // copy would be one more duplicate, so the digest counts as sent.
      await recordDigestSent(domain, now, decision.fingerprint);
      logger.warn(
        logFields,
        "notification digest unconfirmed twice; counted as delivered and not sent again (the mail server answers late)",
      );
      return { kind: "done" };
    }
    if (error.outcomeUnknown) {
      await recordDigestUnconfirmed(domain, now, { messageId, fingerprint: decision.fingerprint }, UNCONFIRMED_DIGEST_NOTE);
      logger.warn(logFields, "notification digest unconfirmed; it may have arrived, so it waits before going again");
      return mailJobOutcome(error, now);
    }
    // The server's words are for the merchant (they may name their address); the log gets the code.
    await recordDigestFailed(domain, now, error.serverReply ? `${error.message} It said: ${error.serverReply}` : error.message);
    logger.warn({ shop: domain, responseCode: error.responseCode }, "notification digest not delivered; will retry");
    return mailJobOutcome(error, now);
  }
}

/**
 * The scheduler's part (every minute): queues the digest check of each shop whose next look is
 * due. A shop whose job is already queued (a retry waiting for its backoff) is left alone, so the
 * backoff holds.
 */
export async function queueDueDigests(now = new Date()) {
  if (getMailDelivery().kind === "off") return;
  for (const shop of await listShopsWithNotifications()) {
    const due = nextDigestCheckAt(shop);
    if (due.getTime() > now.getTime()) continue;
    if (await findQueuedJob(JOB_TYPES.sendDigest, shop.domain)) continue;
    await enqueue(JOB_TYPES.sendDigest, { subjectId: shop.domain, runAt: now });
  }
}

/** Looks now, whatever the schedule (the demo, after its day; the interval still applies). */
export async function queueDigestNow(domain: string) {
  await enqueue(JOB_TYPES.sendDigest, { subjectId: domain });
}

/** The settings page's notifications status: where mail goes, and how the last digest went. */
export async function getNotificationsView(domain: string) {
  const [shop, timeZone] = await Promise.all([getDigestShop(domain), getShopTimezone(domain)]);
  return {
    delivery: describeMailDelivery(),
    lastSentAt: formatDateTime(shop?.lastDigestAt, timeZone) || null,
    lastError: shop?.lastDigestError ?? null,
    /** When a digest the server received without confirming went (it may have arrived); null: none waiting. */
    unconfirmedSentAt: formatDateTime(shop?.lastDigestUnconfirmedAt, timeZone) || null,
    checkEveryMinutes: DIGEST_CHECK_EVERY_MS / 60_000,
  };
}
