/**
 * Shopify sessions with their tokens sealed at rest. A wrapper around the library's session storage
 * (PrismaSessionStorage), not a fork: every call is delegated, only the two secrets change on the
 * way in and out. The access and refresh tokens are sealed like HyperSKU's tokens (AES-256-GCM,
 * token-crypto.server.ts), bound to the session's shop and to the column, so a value copied to
 * another shop or column does not open.
 *
 * Rows from before sealing hold plain tokens. They keep working, and are sealed the first time they
 * are read (and on every store), as are values sealed under an older key still listed in
 * TOKEN_ENCRYPTION_KEYS: every shop that uses the app is upgraded within one reconciliation round,
 * without a migration that would need the keys, and an uninstall deletes the sessions of the others.
 *
 * A value that cannot be opened (its key was removed from TOKEN_ENCRYPTION_KEYS, or it was
 * altered) is an operator error: it is logged with the reason, and the session is treated as
 * missing, so the library fetches a new token by token exchange the next time the merchant opens
 * the app, instead of failing every request with it.
 */
import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { getSealingKeyId, openSecret, sealSecret, SealedSecretError, type EncryptionKey } from "~/lib/token-crypto.server";
import { env } from "~/env.server";
import { logger } from "~/logger.server";

/** The session columns holding secrets, named as they are bound into each seal. */
const SEALED_FIELDS = { accessToken: "Session.accessToken", refreshToken: "Session.refreshToken" } as const;
type SealedField = keyof typeof SEALED_FIELDS;
const FIELDS = Object.keys(SEALED_FIELDS) as SealedField[];

/** `v1.<keyId>.<iv>.<tag>.<ciphertext>`, as token-crypto writes it. Shopify's tokens (shpat_...) never match. */
const SEALED_FORMAT = /^v1\.[^.]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
export const isSealedToken = (value: string) => SEALED_FORMAT.test(value);

const copyOf = (session: Session) => new Session(session.toObject());

/** Rewrites one stored session's secret columns if they still hold what was read (never a newer session). */
export type ResealStoredSession = (
  id: string,
  read: Partial<Record<SealedField, string>>,
  sealed: Partial<Record<SealedField, string>>,
) => Promise<void>;

export type SealedSessionStorageOptions = {
  keys?: () => EncryptionKey[];
  /** Upgrade of plain or old-key rows when read; without it they are upgraded on the next store only. */
  reseal?: ResealStoredSession;
};

export class SealedSessionStorage<Inner extends SessionStorage> implements SessionStorage {
  private readonly keys: () => EncryptionKey[];
  private readonly reseal?: ResealStoredSession;

  constructor(
    readonly inner: Inner,
    { keys = () => env.TOKEN_ENCRYPTION_KEYS, reseal }: SealedSessionStorageOptions = {},
  ) {
    this.keys = keys;
    this.reseal = reseal;
  }

  async storeSession(session: Session): Promise<boolean> {
    const sealed = copyOf(session);
    for (const field of FIELDS) {
      const value = session[field];
      if (value) sealed[field] = sealSecret(value, { shop: session.shop, field: SEALED_FIELDS[field] }, this.keys());
    }
    return this.inner.storeSession(sealed);
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const stored = await this.inner.loadSession(id);
    return stored && this.open(stored);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const stored = await this.inner.findSessionsByShop(shop);
    const opened = await Promise.all(stored.map((session) => this.open(session)));
    return opened.filter((session): session is Session => session !== undefined);
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  /** The stored session with plain tokens; undefined (and a log line saying why) when one cannot be opened. */
  private async open(stored: Session): Promise<Session | undefined> {
    const keys = this.keys();
    const [active] = keys;
    const opened = copyOf(stored);
    const read: Partial<Record<SealedField, string>> = {};
    const resealed: Partial<Record<SealedField, string>> = {};
    for (const field of FIELDS) {
      const value = stored[field];
      if (!value) continue;
      const context = { shop: stored.shop, field: SEALED_FIELDS[field] };
      if (isSealedToken(value)) {
        try {
          opened[field] = openSecret(value, context, keys);
        } catch (error) {
          if (!(error instanceof SealedSecretError)) throw error;
          logger.error(
            { shop: stored.shop, sessionId: stored.id, field: SEALED_FIELDS[field], reason: error.message },
            "Shopify session token cannot be opened (check TOKEN_ENCRYPTION_KEYS); treating the session as missing so Shopify issues a new token at the next admin visit",
          );
          return undefined;
        }
        if (getSealingKeyId(value) === active.id) continue;
      }
      // Plain (stored before sealing) or sealed under an older key: sealed again with the active key.
      read[field] = value;
      resealed[field] = sealSecret(opened[field]!, context, keys);
    }
    if (this.reseal && Object.keys(read).length > 0) await this.reseal(stored.id, read, resealed);
    return opened;
  }

  /** The library's storages have more (e.g. PrismaSessionStorage.isReady): still reachable. */
  isReady(): Promise<boolean> {
    const inner = this.inner as SessionStorage & { isReady?: () => Promise<boolean> };
    return inner.isReady ? inner.isReady() : Promise.resolve(true);
  }
}
