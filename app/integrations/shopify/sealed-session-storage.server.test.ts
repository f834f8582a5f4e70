import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { openSecret, sealSecret, type EncryptionKey } from "~/lib/token-crypto.server";
import { capturedLogLines } from "../../../tests/support/logs";
import { isSealedToken, SealedSessionStorage, type ResealStoredSession } from "./sealed-session-storage.server";

const key = (id: string, fill: number): EncryptionKey => ({ id, key: Buffer.alloc(32, fill) });
const CURRENT = key("current", 1);
const OLDER = key("older", 2);
const RETIRED = key("retired", 3);
const SHOP = "sealed-shop.myshopify.com";
const ACCESS = "shpat_0123456789abcdef0123456789abcdef";
const REFRESH = "shprt_fedcba9876543210fedcba9876543210";

/** The library's storage as far as the wrapper can tell: keeps sessions as given (like a table's rows). */
class MemoryStorage implements SessionStorage {
  readonly rows = new Map<string, Session>();
  async storeSession(session: Session) {
    this.rows.set(session.id, new Session(session.toObject()));
    return true;
  }
  async loadSession(id: string) {
    const row = this.rows.get(id);
    return row && new Session(row.toObject());
  }
  async deleteSession(id: string) {
    this.rows.delete(id);
    return true;
  }
  async deleteSessions(ids: string[]) {
    ids.forEach((id) => this.rows.delete(id));
    return true;
  }
  async findSessionsByShop(shop: string) {
    return [...this.rows.values()].filter((row) => row.shop === shop).map((row) => new Session(row.toObject()));
  }
}

const offlineSession = (overrides: Partial<ConstructorParameters<typeof Session>[0]> = {}) =>
  new Session({
    id: `offline_${SHOP}`,
    shop: SHOP,
    state: "",
    isOnline: false,
    scope: "read_orders",
    accessToken: ACCESS,
    refreshToken: REFRESH,
    expires: new Date(Date.now() + 3_600_000),
    ...overrides,
  });

function setUp(keys: EncryptionKey[] = [CURRENT, OLDER]) {
  const inner = new MemoryStorage();
  const reseal = vi.fn<ResealStoredSession>(async (id, read, sealed) => {
    const row = inner.rows.get(id)!;
    if (read.accessToken === undefined || row.accessToken === read.accessToken) Object.assign(row, sealed);
  });
  const storage = new SealedSessionStorage(inner, { keys: () => keys, reseal });
  return { inner, storage, reseal };
}

describe("SealedSessionStorage", () => {
  it("stores both tokens sealed, bound to the shop and the column, and hands them back plain", async () => {
    const { inner, storage } = setUp();
    const session = offlineSession();
    await storage.storeSession(session);

    const row = inner.rows.get(session.id)!;
    for (const value of [row.accessToken!, row.refreshToken!]) {
      expect(isSealedToken(value)).toBe(true);
      expect(value).not.toContain(ACCESS.slice(6));
      expect(value).not.toContain(REFRESH.slice(6));
    }
    expect(openSecret(row.accessToken!, { shop: SHOP, field: "Session.accessToken" }, [CURRENT])).toBe(ACCESS);
    expect(openSecret(row.refreshToken!, { shop: SHOP, field: "Session.refreshToken" }, [CURRENT])).toBe(REFRESH);
    expect(session.accessToken).toBe(ACCESS); // the caller's session is left as it was

    const loaded = await storage.loadSession(session.id);
    expect(loaded?.toObject()).toEqual(session.toObject());
    expect((await storage.findSessionsByShop(SHOP)).map((s) => s.accessToken)).toEqual([ACCESS]);
  });

  it("stores a session without tokens as it is (the library blanks an invalid token that way)", async () => {
    const { inner, storage } = setUp();
    await storage.storeSession(offlineSession({ accessToken: undefined, refreshToken: undefined }));
    expect(inner.rows.get(`offline_${SHOP}`)).toMatchObject({ accessToken: undefined, refreshToken: undefined });
    expect((await storage.loadSession(`offline_${SHOP}`))?.accessToken).toBeUndefined();
  });

  it("reads a plain row stored before sealing, and seals it on that first read", async () => {
    const { inner, storage, reseal } = setUp();
    await inner.storeSession(offlineSession());

    expect((await storage.loadSession(`offline_${SHOP}`))?.accessToken).toBe(ACCESS);
    expect(reseal).toHaveBeenCalledTimes(1);
    expect(reseal.mock.calls[0][1]).toEqual({ accessToken: ACCESS, refreshToken: REFRESH });
    const row = inner.rows.get(`offline_${SHOP}`)!;
    expect(isSealedToken(row.accessToken!)).toBe(true);
    expect(isSealedToken(row.refreshToken!)).toBe(true);

    expect((await storage.loadSession(`offline_${SHOP}`))?.refreshToken).toBe(REFRESH);
    expect(reseal).toHaveBeenCalledTimes(1); // sealed now: nothing more to do
  });

  it("opens a value sealed under an older configured key and seals it again under the current one", async () => {
    const { inner, storage } = setUp();
    await new SealedSessionStorage(inner, { keys: () => [OLDER] }).storeSession(offlineSession());

    expect((await storage.loadSession(`offline_${SHOP}`))?.accessToken).toBe(ACCESS);
    expect(inner.rows.get(`offline_${SHOP}`)!.accessToken!.split(".")[1]).toBe("current");
  });

  it("treats a session sealed under a key no longer configured as missing, says why, and never crashes", async () => {
    const { inner, storage, reseal } = setUp();
    await new SealedSessionStorage(inner, { keys: () => [RETIRED] }).storeSession(offlineSession());
    capturedLogLines.length = 0;
    expect(await storage.loadSession(`offline_${SHOP}`)).toBeUndefined();
    expect(await storage.findSessionsByShop(SHOP)).toEqual([]);
    expect(reseal).not.toHaveBeenCalled();
    const line = capturedLogLines.map((text) => JSON.parse(text)).find((entry) => entry.level === 50);
    expect(line).toMatchObject({
      shop: SHOP,
      field: "Session.accessToken",
      reason: expect.stringContaining('key "retired" is not configured'),
    });
    expect(line.msg).toContain("TOKEN_ENCRYPTION_KEYS");
    expect(capturedLogLines.join("\n")).not.toContain(ACCESS);

    // The library then runs token exchange and stores the new session: it replaces the old row.
    await storage.storeSession(offlineSession({ accessToken: "shpat_new" }));
    expect((await storage.loadSession(`offline_${SHOP}`))?.accessToken).toBe("shpat_new");
  });

  it("does not open a sealed token moved to another shop's row", async () => {
    const { inner, storage } = setUp();
    const other = "other-shop.myshopify.com";
    const moved = sealSecret(ACCESS, { shop: SHOP, field: "Session.accessToken" }, [CURRENT]);
    inner.rows.set(
      `offline_${other}`,
      new Session({ id: `offline_${other}`, shop: other, state: "", isOnline: false, accessToken: moved }),
    );
    expect(await storage.loadSession(`offline_${other}`)).toBeUndefined();
  });

  it("delegates deletes", async () => {
    const { inner, storage } = setUp();
    await storage.storeSession(offlineSession());
    await storage.deleteSessions([`offline_${SHOP}`]);
    expect(inner.rows.size).toBe(0);
  });
});
