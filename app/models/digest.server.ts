/**
 * What the notification digest reads and records (app/domain/notifications): the shop's
 * notification settings and last digest, and the orders that need the merchant, each list capped
 * with its total.
 */
import prisma from "~/models/db/client.server";

const DIGEST_SHOP_COLUMNS = {
  domain: true,
  name: true,
  uninstalledAt: true,
  hyperskuStatus: true,
  hyperskuStatusReason: true,
  hyperskuStatusAt: true,
  notificationEmails: true,
  digestInterval: true,
  noTrackingDays: true,
  lastDigestAt: true,
  lastDigestFingerprint: true,
  lastDigestCheckAt: true,
  lastDigestError: true,
  lastDigestUnconfirmedId: true,
  lastDigestUnconfirmedFingerprint: true,
  lastDigestUnconfirmedAt: true,
} as const;

export async function getDigestShop(domain: string) {
  return prisma.shop.findUnique({ where: { domain }, select: DIGEST_SHOP_COLUMNS });
}

export type DigestShop = NonNullable<Awaited<ReturnType<typeof getDigestShop>>>;

/** Installed shops with at least one notification address, with when their digest was last sent and checked. */
export async function listShopsWithNotifications() {
  return prisma.shop.findMany({
    where: { uninstalledAt: null, notificationEmails: { not: "[]" } },
    select: { domain: true, digestInterval: true, lastDigestAt: true, lastDigestCheckAt: true },
  });
}

const ORDER_COLUMNS = {
  id: true,
  name: true,
  stateCode: true,
  stateReason: true,
  lastError: true,
  flagReason: true,
  sentAt: true,
} as const;

/**
 * `except`: orders whose problem the merchant marked resolved or ignored (few: their own decisions),
 * left out of the list and its count.
 */
const notAmong = (except: readonly string[]) => (except.length > 0 ? { id: { notIn: [...except] } } : {});

/** Orders in these forwarding states, newest first (capped), and how many there are. */
export async function listOrdersInStates(shop: string, states: readonly string[], take: number, except: readonly string[] = []) {
  const where = { shop, state: { in: [...states] }, ...notAmong(except) };
  const [rows, total] = await Promise.all([
    prisma.order.findMany({ where, orderBy: { shopifyCreatedAt: "desc" }, take, select: ORDER_COLUMNS }),
    prisma.order.count({ where }),
  ]);
  return { rows, total };
}

/** Orders at HyperSKU with a problem for the merchant (flagCode), newest first. */
export async function listFlaggedOrdersForDigest(shop: string, take: number, except: readonly string[] = []) {
  const where = { shop, flagCode: { not: null }, ...notAmong(except) };
  const [rows, total] = await Promise.all([
    prisma.order.findMany({ where, orderBy: { shopifyCreatedAt: "desc" }, take, select: ORDER_COLUMNS }),
    prisma.order.count({ where }),
  ]);
  return { rows, total };
}

/** Orders HyperSKU holds in this status code, newest first. */
export async function listOrdersWithHyperskuStatus(shop: string, code: number, take: number, except: readonly string[] = []) {
  const where = { shop, hyperskuStatus: code, ...notAmong(except) };
  const [rows, total] = await Promise.all([
    prisma.order.findMany({ where, orderBy: { shopifyCreatedAt: "desc" }, take, select: ORDER_COLUMNS }),
    prisma.order.count({ where }),
  ]);
  return { rows, total };
}

/**
 * Orders placed since `placedAfter` and sent to HyperSKU before `sentBefore` that have no parcel
 * with a tracking number yet, leaving out those in the given HyperSKU statuses (finished ones, ones
 * waiting on payment). Oldest first. `placedAfter` bounds the read to a range of the
 * (shop, state, shopifyCreatedAt) index, however many orders the shop has sent over the years.
 */
export async function listSentOrdersWithoutTracking(
  shop: string,
  window: { placedAfter: Date; sentBefore: Date },
  excludedStatuses: readonly number[],
  take: number,
) {
  const where = {
    shop,
    state: "sent",
    shopifyCreatedAt: { gte: window.placedAfter },
    sentAt: { lte: window.sentBefore },
    OR: [{ hyperskuStatus: null }, { hyperskuStatus: { notIn: [...excludedStatuses] } }],
    parcels: { none: { trackingNumber: { not: null } } },
  };
  const [rows, total] = await Promise.all([
    prisma.order.findMany({ where, orderBy: { sentAt: "asc" }, take, select: ORDER_COLUMNS }),
    prisma.order.count({ where }),
  ]);
  return { rows, total };
}

const NO_UNCONFIRMED_DIGEST = { lastDigestUnconfirmedId: null, lastDigestUnconfirmedFingerprint: null, lastDigestUnconfirmedAt: null };

/**
 * The mail server accepted a digest (or took it twice without confirming: counted as sent): when,
 * and the fingerprint of what it said. Any unconfirmed digest is settled with it.
 */
export async function recordDigestSent(domain: string, at: Date, fingerprint: string) {
  await prisma.shop.update({
    where: { domain },
    data: { lastDigestAt: at, lastDigestFingerprint: fingerprint, lastDigestCheckAt: at, lastDigestError: null, ...NO_UNCONFIRMED_DIGEST },
  });
}

/**
 * The app looked and sent nothing. `forgetFingerprint`: nothing needs the merchant any more, so
 * the same problem coming back later is news again. `forgetUnconfirmed`: a digest left unconfirmed
 * is no longer to be sent again (what it said is no longer news).
 */
export async function recordDigestChecked(domain: string, at: Date, options: { forgetFingerprint: boolean; forgetUnconfirmed?: boolean }) {
  await prisma.shop.update({
    where: { domain },
    data: {
      lastDigestCheckAt: at,
      ...(options.forgetFingerprint ? { lastDigestFingerprint: null } : {}),
      ...(options.forgetUnconfirmed ? NO_UNCONFIRMED_DIGEST : {}),
    },
  });
}

/** A digest could not be delivered: why, in the server's words (the fingerprint stays as it was). */
export async function recordDigestFailed(domain: string, at: Date, error: string) {
  await prisma.shop.update({ where: { domain }, data: { lastDigestCheckAt: at, lastDigestError: error } });
}

/**
 * The mail server received a digest and never confirmed it: it may have arrived. Its Message-ID,
 * fingerprint and time are kept, so it is sent again only after a wait and with the same id.
 */
export async function recordDigestUnconfirmed(domain: string, at: Date, digest: { messageId: string; fingerprint: string }, error: string) {
  await prisma.shop.update({
    where: { domain },
    data: {
      lastDigestCheckAt: at,
      lastDigestError: error,
      lastDigestUnconfirmedId: digest.messageId,
      lastDigestUnconfirmedFingerprint: digest.fingerprint,
      lastDigestUnconfirmedAt: at,
    },
  });
}

/** shop/redact: the merchant's notification addresses and the last delivery error (which may name them) go. */
export async function eraseNotificationAddresses(domain: string) {
  await prisma.shop.updateMany({
    where: { domain },
    data: { notificationEmails: "[]", lastDigestError: null, lastDigestFingerprint: null, ...NO_UNCONFIRMED_DIGEST },
  });
}
