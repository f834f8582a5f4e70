import { copyOfUnconfirmed, digestMessageKey, readUnconfirmedDigest, unconfirmedWaitUntil } from "./unconfirmed-digest";

const SENT = new Date("2026-11-24T12:00:00Z");
const MINUTE = 60_000;
const unconfirmed = { messageId: "<digest.abc@app.example>", fingerprint: "f1", at: SENT };

describe("a digest the mail server received without confirming it", () => {
  it("is read from the shop only when its id, fingerprint and time are all there", () => {
    const row = { lastDigestUnconfirmedId: unconfirmed.messageId, lastDigestUnconfirmedFingerprint: "f1", lastDigestUnconfirmedAt: SENT };
    expect(readUnconfirmedDigest(row)).toEqual(unconfirmed);
    expect(readUnconfirmedDigest({ ...row, lastDigestUnconfirmedAt: null })).toBeNull();
    expect(
      readUnconfirmedDigest({ lastDigestUnconfirmedId: null, lastDigestUnconfirmedFingerprint: null, lastDigestUnconfirmedAt: null }),
    ).toBeNull();
  });

  it("holds back any mail for 15 minutes from its sending, longer than a server's 10 minutes to answer", () => {
    const until = new Date(SENT.getTime() + 15 * MINUTE);
    expect(unconfirmedWaitUntil(unconfirmed, new Date(SENT.getTime() + MINUTE))).toEqual(until);
    expect(unconfirmedWaitUntil(unconfirmed, new Date(until.getTime() - 1))).toEqual(until);
    expect(unconfirmedWaitUntil(unconfirmed, until)).toBeNull();
    expect(unconfirmedWaitUntil(null, SENT)).toBeNull();
  });

  it("is copied only by a digest saying the same; another content is a new digest", () => {
    expect(copyOfUnconfirmed(unconfirmed, "f1")).toBe(unconfirmed);
    expect(copyOfUnconfirmed(unconfirmed, "f2")).toBeNull();
    expect(copyOfUnconfirmed(null, "f1")).toBeNull();
  });
});

describe("digestMessageKey", () => {
  it("is the same for the same shop, content and first sending, and differs when any of them does", () => {
    const key = digestMessageKey("a.myshopify.com", "f1", SENT);
    expect(key).toMatch(/^digest\.[0-9a-f]{32}$/);
    expect(digestMessageKey("a.myshopify.com", "f1", new Date(SENT))).toBe(key);
    expect(digestMessageKey("b.myshopify.com", "f1", SENT)).not.toBe(key);
    expect(digestMessageKey("a.myshopify.com", "f2", SENT)).not.toBe(key);
    // The same problems back another day: a new digest that no mail system may take for a copy.
    expect(digestMessageKey("a.myshopify.com", "f1", new Date(SENT.getTime() + 86_400_000))).not.toBe(key);
  });
});
