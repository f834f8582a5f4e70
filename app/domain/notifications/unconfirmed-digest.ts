/**
 * A digest the mail server received but never confirmed: the answer to the end of the message did
 * not come (the app's timeout, a dropped connection). The server may have it and deliver it
 * (RFC 1047, "Duplicate messages and SMTP"), so it is not sent again blindly: not before
 * UNCONFIRMED_MAIL_WAIT_MS, by when a server that was only slow has answered and delivered; then
 * as a copy under the same Message-ID, so a mail system holding the first can drop the second;
 * and a copy unconfirmed too counts as sent (docs/decisions/0021). Pure.
 */
import { createHash } from "node:crypto";
import { UNCONFIRMED_MAIL_WAIT_MS } from "~/integrations/mail/job-outcome";

export type UnconfirmedDigest = { messageId: string; fingerprint: string; at: Date };

/** What the merchant reads in the settings until the digest is confirmed or sent again. */
export const UNCONFIRMED_DIGEST_NOTE =
  `The mail server took the last e-mail but did not confirm it, so it may have reached you. ` +
  `It is sent again no sooner than ${UNCONFIRMED_MAIL_WAIT_MS / 60_000} minutes later, marked as the same e-mail, ` +
  `so that your mailbox can drop the second copy.`;

export function readUnconfirmedDigest(shop: {
  lastDigestUnconfirmedId: string | null;
  lastDigestUnconfirmedFingerprint: string | null;
  lastDigestUnconfirmedAt: Date | null;
}): UnconfirmedDigest | null {
  const { lastDigestUnconfirmedId: messageId, lastDigestUnconfirmedFingerprint: fingerprint, lastDigestUnconfirmedAt: at } = shop;
  return messageId && fingerprint && at ? { messageId, fingerprint, at } : null;
}

/** Until when nothing may be mailed to the shop (null: now is fine). */
export function unconfirmedWaitUntil(unconfirmed: UnconfirmedDigest | null, now: Date): Date | null {
  if (!unconfirmed) return null;
  const until = new Date(unconfirmed.at.getTime() + UNCONFIRMED_MAIL_WAIT_MS);
  return now < until ? until : null;
}

/** The unconfirmed digest this one is a copy of: the same content (fingerprint), else null. */
export const copyOfUnconfirmed = (unconfirmed: UnconfirmedDigest | null, fingerprint: string) =>
  unconfirmed?.fingerprint === fingerprint ? unconfirmed : null;

/**
 * The Message-ID key of a digest sent for the first time: from the shop, what it says and when it
 * first went. Every copy of that digest reuses its id; the same problems coming back another day
 * are a new digest, with a new id that no mail system takes for a copy.
 */
export function digestMessageKey(shop: string, fingerprint: string, firstSentAt: Date): string {
  const hash = createHash("sha256").update(`${shop}\n${fingerprint}\n${firstSentAt.toISOString()}`).digest("hex");
  return `digest.${hash.slice(0, 32)}`;
}
