/**
 * What a signed app/uninstalled body proves about when the uninstall happened. Shopify signs the
 * body only: `X-Shopify-Triggered-At` is whatever the sender wrote, so a body captured at one
 * uninstall and sent again with fresh headers after the merchant reinstalled still verifies.
 *
 * The body is the Shop resource as it stood when the uninstall was sent
 * (https://shopify.dev/docs/api/webhooks?reference=toml#list-of-topics-app/uninstalled); its
 * `created_at` is the shop's creation and its `updated_at` the shop's last change, so `updated_at`
 * is never later than the event. Hence an `updated_at` at or after the current install proves the
 * event came after it. An earlier one proves nothing either way: it is what a replayed body from a
 * previous installation carries, and also what a genuine uninstall carries when nobody changed the
 * shop since the install (Shopify does not document that an uninstall touches `updated_at`).
 */

/** The body's `updated_at`, or null when the body has none that parses (Shopify's samples send null). */
export function parseShopUpdatedAt(rawBody: string): Date | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const value = body !== null && typeof body === "object" ? (body as Record<string, unknown>).updated_at : undefined;
  if (typeof value !== "string") return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Whether a body whose shop was last changed at `shopUpdatedAt` was sent after the install at `installedAt`. */
export const provesSentAfterInstall = (shopUpdatedAt: Date, installedAt: Date): boolean => shopUpdatedAt.getTime() >= installedAt.getTime();
