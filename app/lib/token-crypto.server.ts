/**
 * Encryption at rest for HyperSKU tokens: AES-256-GCM with a random 96-bit IV per value.
 * A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts), so any configured key
 * can open it and the first key in TOKEN_ENCRYPTION_KEYS seals new ones (rotation without downtime).
 * The shop and field name are bound as additional data: a value copied to another shop or column
 * does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "~/env.server";

export type EncryptionKey = { id: string; key: Buffer };
export type SealContext = { shop: string; field: string };

const VERSION = "v1";

function additionalData({ shop, field }: SealContext) {
  return Buffer.from(`${shop}\u0000${field}`, "utf8");
}

export function sealSecret(plaintext: string, context: SealContext, keys: EncryptionKey[] = env.TOKEN_ENCRYPTION_KEYS): string {
  const [active] = keys;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", active.key, iv);
  cipher.setAAD(additionalData(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, active.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(
    ".",
  );
}

export class SealedSecretError extends Error {
  constructor(reason: string) {
    super(`Stored secret cannot be opened: ${reason}`);
    this.name = "SealedSecretError";
  }
}

export function openSecret(sealed: string, context: SealContext, keys: EncryptionKey[] = env.TOKEN_ENCRYPTION_KEYS): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined) throw new SealedSecretError("unknown format");
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new SealedSecretError(`key "${keyId}" is not configured in TOKEN_ENCRYPTION_KEYS`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(additionalData(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError("authentication failed (wrong key, or the value was altered or moved)");
  }
}

/** The key id a sealed value was made with, so a rotation job can find values to re-seal. */
export function getSealingKeyId(sealed: string): string | undefined {
  return sealed.split(".")[1];
}
