/**
 * The settings form: forwarding rules, customer notification and the HyperSKU platform code.
 * Validated by one zod schema whose messages are the field errors the page shows, in form order;
 * then stored on the shop. The fields and limits themselves are in app/domain/admin/settings-fields.ts,
 * which the page shares.
 */
import { z } from "zod";
import {
  DIGEST_INTERVALS,
  MAX_EXCLUDED_TAGS,
  MAX_NO_TRACKING_DAYS,
  MAX_NOTIFICATION_EMAILS,
  MIN_NO_TRACKING_DAYS,
  MAX_HOLD_MINUTES,
  MAX_PLATFORM_CODE,
  MAX_TAG_LENGTH,
  SETTINGS_FIELDS,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from "~/domain/admin/settings-fields";
import { env } from "~/env.server";
import { getShopLocations, type ShopLocation } from "~/integrations/shopify/locations.server";
import { logger } from "~/logger.server";
import { ensureShop, saveShopSettings } from "~/models/shop.server";
import { getForwardingSettings, getRoutingSettings } from "./shop-settings.server";
import { formatRuleLines, parseRuleLines } from "~/domain/orders/product-rule-text";

const flag = z.enum(["true", "false"], { error: "Choose yes or no." }).transform((value) => value === "true");

/** Tags separated by commas or new lines; duplicates (ignoring case) are dropped. */
function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

/** Addresses separated by commas, semicolons or new lines; duplicates (ignoring case) are dropped. */
function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[,;\n]/)
    .map((address) => address.trim())
    .filter((address) => address !== "" && !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase()));
}

const emailAddress = z.email();

/** Stored notification addresses (a JSON array); anything unreadable counts as none. */
export function parseNotificationEmails(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((address): address is string => typeof address === "string") : [];
  } catch {
    return [];
  }
}

/** "vendor: Acme" per line -> rules (product-rule-text.ts). */
const productRulesField = z
  .string()
  .max(20_000, "That is too much text for a list of rules.")
  .transform((text, ctx) => {
    const parsed = parseRuleLines(text);
    if (parsed.ok) return parsed.rules;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

const settingsSchema = z.object({
  forwardTrigger: z.enum(["paid", "created"], { error: "Choose when orders are sent: when paid or when created." }),
  holdMinutes: z
    .string()
    .trim()
    .min(1, "Enter a number of minutes (0 sends at once).")
    .regex(/^\d+$/, "Enter a whole number of minutes, such as 0 or 30.")
    .transform(Number)
    .refine((value) => value <= MAX_HOLD_MINUTES, `Enter at most ${MAX_HOLD_MINUTES.toLocaleString("en-US")} minutes (one week).`),
  skipTestOrders: flag,
  excludedTags: z
    .string()
    .max(10_000, "That is too much text for a list of tags.")
    .transform(splitTags)
    .superRefine((tags, ctx) => {
      const long = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
      if (long)
        ctx.addIssue({
          code: "custom",
          message: `"${long.slice(0, 20)}…" is longer than Shopify's ${MAX_TAG_LENGTH} characters for a tag.`,
        });
      else if (tags.length > MAX_EXCLUDED_TAGS) ctx.addIssue({ code: "custom", message: `Enter at most ${MAX_EXCLUDED_TAGS} tags.` });
    }),
  hyperskuLocationIds: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.every((id) => /^gid:\/\/shopify\/Location\/\d+$/.test(id)), "Choose locations from the list."),
  includeProducts: productRulesField,
  excludeProducts: productRulesField,
  notifyCustomer: flag,
  platformCode: z
    .string()
    .trim()
    .regex(/^\d*$/, "Enter a whole number, or leave it empty to use the default.")
    .transform((value) => (value === "" ? null : Number(value)))
    .refine((value) => value === null || value <= MAX_PLATFORM_CODE, "That number is too large."),
  notificationEmails: z
    .string()
    .max(2_000, "That is too much text for a few e-mail addresses.")
    .transform(splitAddresses)
    .superRefine((addresses, ctx) => {
      const bad = addresses.find((address) => !emailAddress.safeParse(address).success);
      if (bad) ctx.addIssue({ code: "custom", message: `"${bad.slice(0, 40)}" is not an e-mail address.` });
      else if (addresses.length > MAX_NOTIFICATION_EMAILS)
        ctx.addIssue({ code: "custom", message: `Enter at most ${MAX_NOTIFICATION_EMAILS} addresses.` });
    }),
  digestInterval: z.enum(DIGEST_INTERVALS, { error: "Choose how often you may get an e-mail." }),
  noTrackingDays: z
    .string()
    .trim()
    .regex(/^\d+$/, `Enter a whole number of days from ${MIN_NO_TRACKING_DAYS} to ${MAX_NO_TRACKING_DAYS}.`)
    .transform(Number)
    .refine(
      (days) => days >= MIN_NO_TRACKING_DAYS && days <= MAX_NO_TRACKING_DAYS,
      `Enter a whole number of days from ${MIN_NO_TRACKING_DAYS} to ${MAX_NO_TRACKING_DAYS}.`,
    ),
});

export type ValidSettings = z.output<typeof settingsSchema>;

export type SettingsParseResult =
  { ok: true; settings: ValidSettings } | { ok: false; errors: SettingsFieldErrors; values: SettingsFormValues };

export function readSettingsForm(form: FormData): SettingsFormValues {
  const text = (field: SettingsField) => {
    const value = form.get(field);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, text(field)])) as SettingsFormValues;
}

/** Pure: the posted form, or each field's first error (keys in form order). */
export function parseSettingsForm(values: SettingsFormValues): SettingsParseResult {
  const result = settingsSchema.safeParse(values);
  if (result.success) return { ok: true, settings: result.data };
  const errors: SettingsFieldErrors = {};
  for (const field of SETTINGS_FIELDS) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) errors[field] = issue.message;
  }
  return { ok: false, errors, values };
}

/** The form's values as stored (a shop without a row yet gets the defaults). */
export async function getSettingsForm(shop: string): Promise<{ values: SettingsFormValues; defaultPlatformCode: number }> {
  const record = await ensureShop(shop);
  const rules = getForwardingSettings(record);
  const routing = getRoutingSettings(record);
  return {
    values: {
      forwardTrigger: rules.trigger,
      holdMinutes: String(rules.holdMinutes),
      skipTestOrders: String(rules.skipTestOrders),
      excludedTags: rules.excludedTags.join(", "),
      hyperskuLocationIds: routing.hyperskuLocationIds.join(","),
      includeProducts: formatRuleLines(routing.productRules.include),
      excludeProducts: formatRuleLines(routing.productRules.exclude),
      notifyCustomer: String(record.notifyCustomer),
      platformCode: record.platformCode === null ? "" : String(record.platformCode),
      notificationEmails: parseNotificationEmails(record.notificationEmails).join(", "),
      digestInterval: (DIGEST_INTERVALS as readonly string[]).includes(record.digestInterval) ? record.digestInterval : "daily",
      noTrackingDays: String(record.noTrackingDays),
    },
    defaultPlatformCode: env.HYPERSKU_PLATFORM_CODE,
  };
}

/**
 * The shop's locations to choose from, or null when Shopify cannot be asked right now (the page
 * then keeps the stored choice and says so). Chosen locations Shopify no longer lists stay listed.
 */
export async function getLocationChoices(shop: string, chosen: readonly string[]): Promise<ShopLocation[] | null> {
  try {
    const locations = await getShopLocations(shop);
    const gone = chosen.filter((id) => !locations.some((location) => location.id === id));
    return [...locations, ...gone.map((id) => ({ id, name: `A removed location (${id.replace(/^.*\//, "")})` }))];
  } catch (error) {
    logger.warn({ shop, err: error }, "could not read the shop's locations");
    return null;
  }
}

export async function saveSettings(shop: string, settings: ValidSettings) {
  await ensureShop(shop);
  await saveShopSettings(shop, {
    forwardTrigger: settings.forwardTrigger,
    holdMinutes: settings.holdMinutes,
    skipTestOrders: settings.skipTestOrders,
    excludedTags: JSON.stringify(settings.excludedTags),
    hyperskuLocationIds: JSON.stringify(settings.hyperskuLocationIds),
    productRules: JSON.stringify({ include: settings.includeProducts, exclude: settings.excludeProducts }),
    notifyCustomer: settings.notifyCustomer,
    platformCode: settings.platformCode,
    notificationEmails: JSON.stringify(settings.notificationEmails),
    digestInterval: settings.digestInterval,
    noTrackingDays: settings.noTrackingDays,
  });
}
