/**
 * Every environment variable the app reads, parsed once at boot by one zod schema.
 * A missing or bad value stops the process with a message naming the variable (never its value:
 * some are secrets). `.env.example` documents each one.
 */
import { z } from "zod";

const DEFAULT_SCOPES =
  "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_products,read_locations,write_inventory";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const SHOPIFY_APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
  .transform((value) => value.replace(/\/+$/, ""));

const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

/**
 * `TOKEN_ENCRYPTION_KEYS` holds `keyId:base64key` pairs separated by commas; the first pair
 * encrypts new values, all pairs decrypt, so a key can be rotated without losing stored tokens.
 */
const encryptionKeys = z.string().transform((raw, ctx) => {
  const keys: { id: string; key: Buffer }[] = [];
  for (const entry of raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(":");
    const id = separator > 0 ? entry.slice(0, separator) : "";
    const key = Buffer.from(entry.slice(separator + 1), "base64");
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id) || key.length !== 32) {
      ctx.addIssue({
        code: "custom",
        message: "each entry must be keyId:base64 of 32 random bytes (make one with `openssl rand -base64 32`)",
      });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: "custom", message: "at least one key is required" });
    return z.NEVER;
  }
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    ctx.addIssue({ code: "custom", message: "key ids must be unique" });
    return z.NEVER;
  }
  return keys;
});

/** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465 (TLS from the start). */
const smtpUrl = optionalSecret.refine(
  (value) => value === undefined || isSmtpUrl(value),
  "must be smtp://user:password@host:port or smtps://...",
);

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    /** `demo` runs against the offline twins and refuses non-local settings. */
    APP_MODE: z.enum(["standard", "demo"]).default("standard"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

    SHOPIFY_API_KEY: z.string().min(1),
    SHOPIFY_API_SECRET: z.string().min(1),
    SHOPIFY_APP_URL: httpUrl,
    /** The Shopify CLI names this `SCOPES`; either spelling is accepted. */
    SHOPIFY_SCOPES: z.string().min(1).default(DEFAULT_SCOPES),
    SHOP_CUSTOM_DOMAIN: z.string().optional(),

    DATABASE_URL: z
      .string()
      .refine((value) => /^(file:|postgres(ql)?:\/\/)/.test(value), "must be file:<path> (SQLite) or postgresql://... (PostgreSQL)")
      .default("file:./prisma/dev.sqlite"),

    HYPERSKU_CLIENT_ID: optionalSecret,
    HYPERSKU_CLIENT_SECRET: optionalSecret,
    HYPERSKU_API_URL: httpUrl.default("https://api.hypersku.com"),
    HYPERSKU_AUTHORIZE_URL: httpUrl.default("https://app.hypersku.com/application/auth"),
    /** Prefix before the access token in the Authorization header (hypersku-notes part 2: none). */
    HYPERSKU_AUTH_PREFIX: z.string().default(""),
    /**
     * JSON object of operation -> path overrides, for correcting a guessed path without a release;
     * `"GET /api/..."` also changes the method (app/integrations/hypersku/config.ts).
     */
    HYPERSKU_PATHS: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return {};
        try {
          const parsed = z.record(z.string(), z.string().regex(/^((GET|POST)\s+)?\//)).parse(JSON.parse(raw));
          return parsed;
        } catch {
          ctx.addIssue({
            code: "custom",
            message: 'must be a JSON object like {"cancelOrder":"/api/..."} or {"getProductInfo":"POST /api/..."}',
          });
          return z.NEVER;
        }
      }),
    HYPERSKU_PLATFORM_CODE: z.coerce.number().int().nonnegative().default(1),
    HYPERSKU_TIMEOUT_MS: positiveInt(15_000),
    /** Bytes read from one HyperSKU answer at most (default 4 MiB); a longer answer is abandoned as unreadable. */
    HYPERSKU_MAX_RESPONSE_BYTES: positiveInt(4 * 1024 * 1024),
    /**
     * Seconds after a create was sent during which HyperSKU may still store it although the app got
     * no answer (it timed out, the connection dropped, the worker died). An order whose create outcome
     * is unknown is sent again only after a lookup made once this window has passed finds nothing.
     */
    HYPERSKU_CREATE_SETTLE_SECONDS: z.coerce.number().positive().default(120),

    TOKEN_ENCRYPTION_KEYS: encryptionKeys,

    /**
     * The App Bridge script embedded pages load (shopify-app-remix also reads it for its bounce
     * pages). Shopify's CDN unless the app runs offline: the demo, tests and benchmarks point it at
     * the Shopify twin's stand-in.
     */
    APP_BRIDGE_URL: httpUrl.default(SHOPIFY_APP_BRIDGE_URL),

    /** Jobs one worker process runs at the same time. */
    WORKER_CONCURRENCY: positiveInt(8),
    /** How often an idle worker looks for new jobs, in ms (a worker in the web process is also woken at once). */
    WORKER_POLL_MS: positiveInt(250),
    /** Seconds a claimed job stays locked; a crashed worker's job is retried after this. */
    JOB_LEASE_SECONDS: positiveInt(60),
    /** First retry delay of a failed job; each further attempt waits up to twice as long (with jitter). */
    JOB_RETRY_BASE_MS: positiveInt(5_000),
    /** HyperSKU calls in flight at once for one shop, per worker process. */
    HYPERSKU_MAX_CONCURRENT_PER_SHOP: positiveInt(2),
    /** HyperSKU requests per second for one shop, per worker process (HyperSKU publishes no limit). */
    HYPERSKU_RATE_LIMIT_PER_SECOND: positiveInt(5),

    /**
     * Hours between automatic catalogue syncs of a connected shop (the first runs within a minute of
     * connecting); 0: only when the merchant chooses Sync now. Until a shop's first full sync, orders
     * are sent without the pre-send catalogue check (docs/decisions/0027).
     */
    CATALOGUE_SYNC_HOURS: z.coerce.number().int().min(0).max(168).default(6),

    /** Offline Shopify Admin fake (simulators/shopify/admin-fetch-preload.mjs); demo mode and tests only. */
    SHOPIFY_ADMIN_FAKE_URL: z.string().url().optional(),

    /**
     * The mail server notification digests go through (app/integrations/mail). Unset: no e-mail
     * notifications (the settings page says so), except in demo mode, where each message is written
     * to MAIL_OUTBOX_DIR as an .eml file instead. The password in it is a secret: never logged.
     */
    SMTP_URL: smtpUrl,
    /** The digest's sender, e.g. `HyperSKU for Shopify <notifications@example.com>`; required with SMTP_URL. */
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine(
        (value) => value === undefined || /^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(value),
        "must be an e-mail address, optionally as Name <address>",
      ),
    /** Demo mode without SMTP_URL: the folder each notification is written to as an .eml file. */
    MAIL_OUTBOX_DIR: z.string().trim().min(1).default("tmp/outbox"),

    /** `inline` runs the job worker inside the web process; `off` leaves it to `npm run worker`. */
    WORKER_MODE: z.enum(["inline", "off"]).default("inline"),
  })
  .superRefine((env, ctx) => {
    if (env.APP_MODE === "demo" && !LOCAL_HOSTS.has(new URL(env.SHOPIFY_APP_URL).hostname)) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_MODE"],
        message: "demo mode only runs on localhost; unset APP_MODE for a real deployment",
      });
    }
    if (env.APP_BRIDGE_URL !== SHOPIFY_APP_BRIDGE_URL && env.APP_MODE === "standard" && env.NODE_ENV !== "test") {
      ctx.addIssue({ code: "custom", path: ["APP_BRIDGE_URL"], message: "is only for demo mode and tests; unset it" });
    }
    if (env.SHOPIFY_ADMIN_FAKE_URL && env.APP_MODE === "standard" && env.NODE_ENV !== "test") {
      ctx.addIssue({ code: "custom", path: ["SHOPIFY_ADMIN_FAKE_URL"], message: "is only for demo mode and tests; unset it" });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when SMTP_URL is set (the digest's sender address)" });
    }
    // Demo shops' addresses are made up: the demo never hands mail to a server off this machine.
    if (env.SMTP_URL && env.APP_MODE === "demo" && !LOCAL_HOSTS.has(new URL(env.SMTP_URL).hostname)) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "demo mode only sends mail to a local server; unset it to write mail to MAIL_OUTBOX_DIR",
      });
    }
    if (env.NODE_ENV === "production" && env.APP_MODE === "standard" && !env.SHOPIFY_APP_URL.startsWith("https://")) {
      ctx.addIssue({ code: "custom", path: ["SHOPIFY_APP_URL"], message: "must be https:// in production" });
    }
  });

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      "Invalid environment configuration:\n" +
        problems.map((p) => `  - ${p.variable}: ${p.message}`).join("\n") +
        "\nSee .env.example for what each variable means.",
    );
    this.name = "EnvError";
  }
}

/** Pure: parses a variables object (normally `process.env`) or throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const input = { ...source, SHOPIFY_SCOPES: source.SHOPIFY_SCOPES ?? source.SCOPES };
  const result = envSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0] ?? "environment");
    // zod's messages never echo the received value, so secrets stay out of the output.
    const message = issue.code === "invalid_type" && input[variable as keyof typeof input] === undefined ? "is required" : issue.message;
    if (!problems.has(variable)) problems.set(variable, message);
  }
  throw new EnvError([...problems].map(([variable, message]) => ({ variable, message })));
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError && process.env.NODE_ENV !== "test") {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const env: Env = loadEnv();
