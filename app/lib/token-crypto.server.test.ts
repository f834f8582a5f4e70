import { getSealingKeyId, openSecret, sealSecret, SealedSecretError } from "./token-crypto.server";

const oldKey = { id: "old", key: Buffer.alloc(32, 1) };
const newKey = { id: "new", key: Buffer.alloc(32, 2) };
const context = { shop: "a.myshopify.com", field: "accessToken" };

describe("sealed secrets", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = sealSecret("access-token-value", context, [newKey]);
    expect(sealed).not.toContain("access-token-value");
    expect(Buffer.from(sealed.split(".")[4], "base64url").toString()).not.toContain("access-token-value");
    expect(openSecret(sealed, context, [newKey])).toBe("access-token-value");
  });

  it("uses a fresh IV each time", () => {
    expect(sealSecret("same", context, [newKey])).not.toBe(sealSecret("same", context, [newKey]));
  });

  it("seals with the first key and opens with any configured key (rotation)", () => {
    const sealedWithOld = sealSecret("t", context, [oldKey]);
    const rotated = [newKey, oldKey];
    expect(openSecret(sealedWithOld, context, rotated)).toBe("t");
    expect(getSealingKeyId(sealSecret("t", context, rotated))).toBe("new");
  });

  it("refuses a value whose key was removed, naming the key id only", () => {
    const sealed = sealSecret("t", context, [oldKey]);
    expect(() => openSecret(sealed, context, [newKey])).toThrow(/key "old" is not configured/);
  });

  it("refuses a value moved to another shop or field, or altered", () => {
    const sealed = sealSecret("t", context, [newKey]);
    expect(() => openSecret(sealed, { ...context, shop: "b.myshopify.com" }, [newKey])).toThrow(SealedSecretError);
    expect(() => openSecret(sealed, { ...context, field: "refreshToken" }, [newKey])).toThrow(SealedSecretError);
    const parts = sealed.split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    expect(() => openSecret(parts.join("."), context, [newKey])).toThrow(SealedSecretError);
  });
});
