import { nextDigestCheckAt } from "./digest-timing";
import { buildDigestSections, type DigestFacts, type DigestOrderRow, planDigest } from "./plan-digest";
import { renderDigest } from "./render-digest";

const NOW = new Date("2026-11-24T12:00:00Z");
const HOUR = 3_600_000;
const none = { total: 0, rows: [] };

function order(id: string, overrides: Partial<DigestOrderRow> = {}): DigestOrderRow {
  return {
    id,
    name: `#${id}`,
    url: `https://admin.example/orders/${id}`,
    stateCode: null,
    stateReason: null,
    lastError: null,
    flagReason: null,
    sentAt: null,
    ...overrides,
  };
}

function facts(overrides: Partial<DigestFacts> = {}): DigestFacts {
  return {
    now: NOW,
    connectionLost: null,
    failed: none,
    needsAttention: none,
    needsDecision: none,
    awaitingPayment: none,
    noTracking: { ...none, days: 5 },
    ...overrides,
  };
}

const noAddress = order("1001", { stateCode: "no_shipping_address", stateReason: "This order has no shipping address." });

describe("planDigest", () => {
  it("sends nothing when nothing needs the merchant", () => {
    expect(planDigest({ facts: facts(), interval: "hourly", last: { at: null, fingerprint: null } })).toEqual({
      send: false,
      why: "nothing",
    });
  });

  it("mails a first problem, then nothing while the content is the same, even days later", () => {
    const first = planDigest({
      facts: facts({ needsAttention: { total: 1, rows: [noAddress] } }),
      interval: "hourly",
      last: { at: null, fingerprint: null },
    });
    expect(first.send).toBe(true);
    if (!first.send) return;
    expect(first.sections.map((section) => section.id)).toEqual(["needs_attention"]);

    const later = { ...facts({ needsAttention: { total: 1, rows: [noAddress] } }), now: new Date(NOW.getTime() + 72 * HOUR) };
    const again = planDigest({ facts: later, interval: "hourly", last: { at: NOW, fingerprint: first.fingerprint } });
    expect(again).toMatchObject({ send: false, why: "unchanged" });
  });

  it("keeps to one digest per interval, then mails what is new", () => {
    const before = planDigest({
      facts: facts({ needsAttention: { total: 1, rows: [noAddress] } }),
      interval: "six_hours",
      last: { at: null, fingerprint: null },
    });
    if (!before.send) throw new Error("expected a first digest");
    const newFailure = {
      failed: { total: 1, rows: [order("1002", { lastError: "HyperSKU did not answer." })] },
      needsAttention: { total: 1, rows: [noAddress] },
    };
    const sentAt = new Date(NOW.getTime() - 5 * HOUR);

    const soon = planDigest({ facts: facts(newFailure), interval: "six_hours", last: { at: sentAt, fingerprint: before.fingerprint } });
    expect(soon).toMatchObject({ send: false, why: "too_soon", notBefore: new Date(sentAt.getTime() + 6 * HOUR) });

    const hourLater = { ...facts(newFailure), now: new Date(NOW.getTime() + HOUR) };
    const due = planDigest({ facts: hourLater, interval: "six_hours", last: { at: sentAt, fingerprint: before.fingerprint } });
    expect(due.send).toBe(true);
    if (due.send) expect(due.fingerprint).not.toBe(before.fingerprint);
  });

  it("counts another order of the same kind as news", () => {
    const one = planDigest({
      facts: facts({ awaitingPayment: { total: 1, rows: [order("1")] } }),
      interval: "hourly",
      last: { at: null, fingerprint: null },
    });
    const two = planDigest({
      facts: facts({ awaitingPayment: { total: 2, rows: [order("2"), order("1")] } }),
      interval: "hourly",
      last: { at: new Date(NOW.getTime() - 2 * HOUR), fingerprint: one.send ? one.fingerprint : null },
    });
    expect(two.send).toBe(true);
  });
});

describe("buildDigestSections", () => {
  it("puts a lost connection first and names at most ten orders per section, each with its reason and fix", () => {
    const many = Array.from({ length: 14 }, (_, index) => order(`f${index}`, { lastError: "HyperSKU was unavailable." }));
    const sections = buildDigestSections(
      facts({
        connectionLost: { reason: "Your HyperSKU authorization has expired.", url: "https://admin.example/connection" },
        failed: { total: 14, rows: many },
        needsAttention: { total: 1, rows: [noAddress] },
        noTracking: { total: 1, rows: [order("3001", { sentAt: new Date(NOW.getTime() - 7 * 24 * HOUR) })], days: 5 },
      }),
    );
    expect(sections.map((section) => section.id)).toEqual(["connection", "failed", "needs_attention", "no_tracking"]);
    expect(sections[0].fix).toMatch(/authorization has expired.*reconnect HyperSKU/);
    expect(sections[1]).toMatchObject({ total: 14, title: "14 orders could not be sent to HyperSKU" });
    expect(sections[1].items).toHaveLength(10);
    expect(sections[1].items[0]).toMatchObject({ name: "#f0", reason: "HyperSKU was unavailable.", fix: expect.stringMatching(/Retry/) });
    expect(sections[2].items[0]).toMatchObject({
      reason: "This order has no shipping address.",
      fix: "Add a shipping address to the order in Shopify, then choose Retry.",
    });
    expect(sections[3].items[0].reason).toBe("Sent to HyperSKU 7 days ago; no tracking number yet.");
  });
});

describe("renderDigest", () => {
  it("says each problem in the subject and names each order with its fix and link in both bodies", () => {
    const sections = buildDigestSections(facts({ needsAttention: { total: 1, rows: [{ ...noAddress, name: "#1001 <b>" }] } }));
    const mail = renderDigest({
      shopName: "Demo Store",
      sections,
      appUrl: "https://admin.example/app",
      settingsUrl: "https://admin.example/settings",
    });
    expect(mail.subject).toBe("Demo Store: 1 order needs you");
    expect(mail.text).toContain("- #1001 <b>: This order has no shipping address.");
    expect(mail.text).toContain("What to do: Add a shipping address to the order in Shopify, then choose Retry.");
    expect(mail.text).toContain("Open the order: https://admin.example/orders/1001");
    expect(mail.html).toContain('<a href="https://admin.example/orders/1001"><strong>#1001 &lt;b&gt;</strong></a>');
    expect(mail.html).not.toContain("<b>");
    expect(mail.text.startsWith("Demo Store: what needs you in the HyperSKU app\n")).toBe(true);
  });
});

describe("renderDigest of a lost connection", () => {
  it("links to the reconnection and counts no unnamed orders", () => {
    const sections = buildDigestSections(
      facts({ connectionLost: { reason: "Your HyperSKU authorization has expired.", url: "https://admin.example/connection" } }),
    );
    const mail = renderDigest({
      shopName: "Demo Store",
      sections,
      appUrl: "https://admin.example/app",
      settingsUrl: "https://admin.example/settings",
    });
    expect(mail.subject).toBe("Demo Store: HyperSKU disconnected");
    expect(mail.text).toContain("Reconnect HyperSKU: https://admin.example/connection");
    expect(mail.text).not.toContain("more in the app");
    expect(mail.html).not.toContain("more in the app");
  });
});

describe("nextDigestCheckAt", () => {
  it("is now for a shop never checked, then ten minutes after a look, and never before the interval allows", () => {
    expect(nextDigestCheckAt({ digestInterval: "daily", lastDigestAt: null, lastDigestCheckAt: null }).getTime()).toBe(0);
    expect(nextDigestCheckAt({ digestInterval: "daily", lastDigestAt: null, lastDigestCheckAt: NOW })).toEqual(
      new Date(NOW.getTime() + 600_000),
    );
    expect(nextDigestCheckAt({ digestInterval: "hourly", lastDigestAt: NOW, lastDigestCheckAt: NOW })).toEqual(
      new Date(NOW.getTime() + HOUR),
    );
  });
});

describe("the digest's payment link", () => {
  it("links the orders waiting for payment to paying at HyperSKU, in text and HTML", () => {
    const [section] = buildDigestSections(
      facts({ awaitingPayment: { total: 1, rows: [order("7")] }, paymentUrl: "https://app.hypersku.example/order/list?status=unpaid" }),
    );
    expect(section.link).toEqual({ label: "Pay at HyperSKU", url: "https://app.hypersku.example/order/list?status=unpaid" });
    const mail = renderDigest({ shopName: "Shop", sections: [section], appUrl: "https://a", settingsUrl: "https://s" });
    expect(mail.text).toContain("Pay at HyperSKU: https://app.hypersku.example/order/list?status=unpaid");
    expect(mail.html).toContain('<a href="https://app.hypersku.example/order/list?status=unpaid">Pay at HyperSKU</a>');
  });
});
