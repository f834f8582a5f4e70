import { EnvError, parseEnv } from "./env.server";

const valid = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "super-secret-value",
  SHOPIFY_APP_URL: "https://app.example.com/",
  TOKEN_ENCRYPTION_KEYS: "k1:" + Buffer.alloc(32, 1).toString("base64"),
};

function problemsOf(source: Record<string, string | undefined>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected parseEnv to reject");
}

describe("parseEnv", () => {
  it("accepts a minimal configuration and fills in defaults", () => {
    const env = parseEnv(valid);
    expect(env.SHOPIFY_APP_URL).toBe("https://app.example.com");
    expect(env.SHOPIFY_SCOPES).toContain("write_merchant_managed_fulfillment_orders");
    expect(env.DATABASE_URL).toBe("file:./prisma/dev.sqlite");
    expect(env.HYPERSKU_API_URL).toBe("https://api.hypersku.com");
    expect(env.TOKEN_ENCRYPTION_KEYS[0]).toMatchObject({ id: "k1" });
    expect(env.TOKEN_ENCRYPTION_KEYS[0].key).toHaveLength(32);
  });

  it("syncs the catalogue every 6 hours unless told otherwise; 0 turns it off; a non-number is refused by name", () => {
    expect(parseEnv(valid).CATALOGUE_SYNC_HOURS).toBe(6);
    expect(parseEnv({ ...valid, CATALOGUE_SYNC_HOURS: "0" }).CATALOGUE_SYNC_HOURS).toBe(0);
    expect(problemsOf({ ...valid, CATALOGUE_SYNC_HOURS: "often" }).message).toContain("CATALOGUE_SYNC_HOURS");
    expect(problemsOf({ ...valid, CATALOGUE_SYNC_HOURS: "-1" }).message).toContain("CATALOGUE_SYNC_HOURS");
  });

  it('accepts HYPERSKU_PATHS overrides as "/path" or "METHOD /path"', () => {
    const env = parseEnv({ ...valid, HYPERSKU_PATHS: '{"cancelOrder":"/api/v2/cancel","getProductInfo":"POST /api/v2/product"}' });
    expect(env.HYPERSKU_PATHS).toEqual({ cancelOrder: "/api/v2/cancel", getProductInfo: "POST /api/v2/product" });
  });

  it("accepts the Shopify CLI's SCOPES spelling", () => {
    expect(parseEnv({ ...valid, SCOPES: "read_orders" }).SHOPIFY_SCOPES).toBe("read_orders");
  });

  it("names each missing variable", () => {
    const error = problemsOf({ SHOPIFY_API_KEY: "key" });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(["SHOPIFY_API_SECRET", "SHOPIFY_APP_URL", "TOKEN_ENCRYPTION_KEYS"]);
    expect(error.message).toContain("SHOPIFY_API_SECRET: is required");
  });

  it.each([
    ["SHOPIFY_APP_URL", "not a url"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["TOKEN_ENCRYPTION_KEYS", "k1:tooshort"],
    ["PORT", "seventy"],
    ["HYPERSKU_PATHS", "{not json"],
    ["HYPERSKU_PATHS", '{"getProductInfo":"PUT /api/x"}'],
    ["WORKER_MODE", "sometimes"],
  ])("names %s when its value is bad", (variable, value) => {
    const error = problemsOf({ ...valid, [variable]: value });
    expect(error.problems.map((p) => p.variable)).toEqual([variable]);
  });

  it("never echoes a secret value in its message", () => {
    const error = problemsOf({ ...valid, TOKEN_ENCRYPTION_KEYS: "k1:c2VjcmV0LXZhbHVl", SHOPIFY_APP_URL: "nope" });
    expect(error.message).not.toContain("c2VjcmV0LXZhbHVl");
    expect(error.message).not.toContain("super-secret-value");
  });

  it("refuses demo mode on a non-local URL", () => {
    expect(problemsOf({ ...valid, APP_MODE: "demo" }).problems[0].variable).toBe("APP_MODE");
    expect(parseEnv({ ...valid, APP_MODE: "demo", SHOPIFY_APP_URL: "http://localhost:3000" }).APP_MODE).toBe("demo");
  });

  it("refuses the offline App Bridge stand-in outside demo mode and tests", () => {
    const error = problemsOf({ ...valid, NODE_ENV: "production", APP_BRIDGE_URL: "/offline/app-bridge.js" });
    expect(error.problems[0].variable).toBe("APP_BRIDGE_URL");
  });

  it("loads App Bridge from Shopify's CDN unless told to load the Shopify twin's stand-in", () => {
    expect(parseEnv(valid).APP_BRIDGE_URL).toBe("https://cdn.shopify.com/shopifycloud/app-bridge.js");
    const offline = { ...valid, APP_MODE: "demo", SHOPIFY_APP_URL: "http://localhost:3000" };
    expect(parseEnv({ ...offline, APP_BRIDGE_URL: "http://127.0.0.1:4000/offline/app-bridge.js" }).APP_BRIDGE_URL).toBe(
      "http://127.0.0.1:4000/offline/app-bridge.js",
    );
    expect(problemsOf({ ...offline, APP_BRIDGE_URL: "/offline/app-bridge.js" }).problems[0].variable).toBe("APP_BRIDGE_URL");
  });

  it("refuses the Shopify Admin fake outside demo mode and tests", () => {
    const error = problemsOf({ ...valid, NODE_ENV: "production", SHOPIFY_ADMIN_FAKE_URL: "http://127.0.0.1:4000" });
    expect(error.problems[0].variable).toBe("SHOPIFY_ADMIN_FAKE_URL");
  });

  it("requires https in production", () => {
    const error = problemsOf({ ...valid, NODE_ENV: "production", SHOPIFY_APP_URL: "http://app.example.com" });
    expect(error.problems[0].variable).toBe("SHOPIFY_APP_URL");
  });
  describe("mail (SMTP_URL, MAIL_FROM)", () => {
    it("takes an smtp:// or smtps:// URL with its sender, and leaves mail off without one", () => {
      const env = parseEnv({ ...valid, SMTP_URL: "smtps://digest:p%40ss@mail.example.com:465", MAIL_FROM: "Shop app <app@example.com>" });
      expect(env.SMTP_URL).toBe("smtps://digest:p%40ss@mail.example.com:465");
      expect(env.MAIL_FROM).toBe("Shop app <app@example.com>");
      const without = parseEnv(valid);
      expect(without.SMTP_URL).toBeUndefined();
      expect(without.MAIL_OUTBOX_DIR).toBe("tmp/outbox");
    });

    it("refuses another scheme, a URL without its sender, and a remote server in demo mode, never echoing the password", () => {
      const secret = "hunter2-smtp-password";
      const wrong = problemsOf({ ...valid, SMTP_URL: `https://user:${secret}@mail.example.com`, MAIL_FROM: "app@example.com" });
      expect(wrong.problems).toEqual([{ variable: "SMTP_URL", message: expect.stringMatching(/smtp:\/\//) }]);
      expect(wrong.message).not.toContain(secret);
      const noSender = problemsOf({ ...valid, SMTP_URL: `smtp://user:${secret}@mail.example.com:587` });
      expect(noSender.problems).toEqual([{ variable: "MAIL_FROM", message: expect.stringMatching(/required when SMTP_URL/) }]);
      expect(problemsOf({ ...valid, SMTP_URL: "smtp://mail.example.com", MAIL_FROM: "not an address" }).problems[0].variable).toBe(
        "MAIL_FROM",
      );
      const demo = problemsOf({
        ...valid,
        SHOPIFY_APP_URL: "http://localhost:3000",
        APP_MODE: "demo",
        SMTP_URL: `smtp://user:${secret}@mail.example.com:587`,
        MAIL_FROM: "app@example.com",
      });
      expect(demo.problems.map((p) => p.variable)).toEqual(["SMTP_URL"]);
      expect(demo.message).not.toContain(secret);
    });
  });
});
