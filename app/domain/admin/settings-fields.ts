/**
 * The settings form's fields and limits, shared by the page (browser) and its validation
 * (app/domain/shops/settings.server.ts). Pure, and free of zod so the page's bundle stays small.
 */
export const MAX_HOLD_MINUTES = 10_080; // one week
export const MAX_EXCLUDED_TAGS = 100;
/** Shopify's limit for one tag. */
export const MAX_TAG_LENGTH = 40;
export const MAX_PLATFORM_CODE = 2_147_483_647;
export const MAX_NOTIFICATION_EMAILS = 5;
export const MIN_NO_TRACKING_DAYS = 1;
export const MAX_NO_TRACKING_DAYS = 30;
/** At most one notification digest per interval (app/domain/notifications/digest-timing.ts). */
export const DIGEST_INTERVALS = ["hourly", "six_hours", "daily"] as const;
export type DigestInterval = (typeof DIGEST_INTERVALS)[number];

export const SETTINGS_FIELDS = [
  "forwardTrigger",
  "holdMinutes",
  "skipTestOrders",
  "excludedTags",
  "hyperskuLocationIds",
  "includeProducts",
  "excludeProducts",
  "notifyCustomer",
  "platformCode",
  "notificationEmails",
  "digestInterval",
  "noTrackingDays",
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;

/** What the form shows and posts: every value as text, as a form carries it. */
export type SettingsFormValues = Record<SettingsField, string>;
