/**
 * When a shop's digest may go out and when the app looks again. Pure.
 *
 * At most one digest per interval, counted from the last one the mail server accepted. Between
 * digests the app looks every DIGEST_CHECK_EVERY_MS, so a new problem reaches the merchant within
 * minutes of the interval allowing it, and an idle shop costs a few counts every ten minutes.
 */
import { DIGEST_INTERVALS, type DigestInterval } from "~/domain/admin/settings-fields";

const HOUR = 3_600_000;

export const DIGEST_INTERVAL_MS: Record<DigestInterval, number> = { hourly: HOUR, six_hours: 6 * HOUR, daily: 24 * HOUR };

export const DIGEST_CHECK_EVERY_MS = 10 * 60_000;

export const parseDigestInterval = (value: string): DigestInterval =>
  (DIGEST_INTERVALS as readonly string[]).includes(value) ? (value as DigestInterval) : "daily";

/** The earliest time worth looking: not before the interval allows a digest, nor right after the last look. */
export function nextDigestCheckAt(shop: { digestInterval: string; lastDigestAt: Date | null; lastDigestCheckAt: Date | null }): Date {
  const allowed = shop.lastDigestAt ? shop.lastDigestAt.getTime() + DIGEST_INTERVAL_MS[parseDigestInterval(shop.digestInterval)] : 0;
  const rested = shop.lastDigestCheckAt ? shop.lastDigestCheckAt.getTime() + DIGEST_CHECK_EVERY_MS : 0;
  return new Date(Math.max(allowed, rested));
}
