/**
 * Shopify tokens at rest (issue 14, item 15): the offline session's access and refresh tokens are
 * sealed in the Session table by the app's session storage (a wrapper around the library's Prisma
 * storage), the library still gets them plain, rows from before sealing keep working and are
 * sealed on first use, and a row sealed under a key no longer configured is treated as missing
 * with a clear log line, not an endless failure.
 */
import { Session } from "@shopify/shopify-api";
import prisma from "~/db.server";
import { openSecret, sealSecret } from "~/domain/connection/token-crypto.server";
import { isSealedToken } from "~/integrations/shopify/sealed-session-storage.server";
import { capturedLogLines } from "~/logger.server";
import { sessionStorage, unauthenticated } from "~/shopify.server";
import { isPostgresRun, resetDatabase } from "../support/database";
import { TEST_SHOP } from "../support/shopify";

const OFFLINE_ID = `offline_${TEST_SHOP}`;
const ACCESS = "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";
const REFRESH = "shprt_5e55101d1111aaaabbbbccccddddeeee";
const RETIRED_KEY = { id: "retired", key: Buffer.alloc(32, 9) };

/** Every row of every table, as text (both engines). */
async function allRowsText(): Promise<string> {
  const tables = isPostgresRun()
    ? await prisma.$queryRawUnsafe<{ name: string }[]>("SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public'")
    : await prisma.$queryRawUnsafe<{ name: string }[]>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  const rows: unknown[] = [];
  for (const { name } of tables) rows.push(...(await prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${name}"`)));
  return JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value));
}

const sessionRow = () => prisma.session.findUniqueOrThrow({ where: { id: OFFLINE_ID } });
const inAnHour = () => new Date(Date.now() + 3_600_000);

beforeEach(async () => {
  await resetDatabase();
});

describe("Shopify session tokens at rest", () => {
  it("are sealed in the Session row, bound to the shop and column, and reach the library plain", async () => {
    await sessionStorage.storeSession(
      new Session({ id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", expires: inAnHour(), accessToken: ACCESS, refreshToken: REFRESH, refreshTokenExpires: inAnHour() }),
    );

    const row = await sessionRow();
    expect(isSealedToken(row.accessToken)).toBe(true);
    expect(isSealedToken(row.refreshToken!)).toBe(true);
    expect(openSecret(row.accessToken, { shop: TEST_SHOP, field: "Session.accessToken" })).toBe(ACCESS);
    expect(() => openSecret(row.accessToken, { shop: "other.myshopify.com", field: "Session.accessToken" })).toThrow();
    const everything = await allRowsText();
    expect(everything).not.toContain(ACCESS.slice(6));
    expect(everything).not.toContain(REFRESH.slice(6));

    const { session } = await unauthenticated.admin(TEST_SHOP);
    expect(session).toMatchObject({ accessToken: ACCESS, refreshToken: REFRESH, shop: TEST_SHOP });
  });

  it("reads a plain row stored before sealing, and seals it on that first use", async () => {
    await prisma.session.create({ data: { id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", accessToken: ACCESS } });

    const { session } = await unauthenticated.admin(TEST_SHOP);
    expect(session.accessToken).toBe(ACCESS);
    const row = await sessionRow();
    expect(isSealedToken(row.accessToken)).toBe(true);
    expect(await allRowsText()).not.toContain(ACCESS.slice(6));
    expect((await unauthenticated.admin(TEST_SHOP)).session.accessToken).toBe(ACCESS);
  });

  it("treats a row sealed under a key no longer configured as missing: a clear error and a log line naming the cause", async () => {
    const sealed = sealSecret(ACCESS, { shop: TEST_SHOP, field: "Session.accessToken" }, [RETIRED_KEY]);
    await prisma.session.create({ data: { id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", accessToken: sealed } });
    capturedLogLines.length = 0;

    await expect(unauthenticated.admin(TEST_SHOP)).rejects.toThrow(`Could not find a session for shop ${TEST_SHOP}`);
    const logged = capturedLogLines.map((line) => JSON.parse(line)).find((entry) => entry.msg?.includes("cannot be opened"));
    expect(logged).toMatchObject({ level: 50, shop: TEST_SHOP, reason: expect.stringContaining('key "retired" is not configured in TOKEN_ENCRYPTION_KEYS') });
    // The row is left for the next token exchange to replace, not rewritten with anything.
    expect((await sessionRow()).accessToken).toBe(sealed);
  });
});
