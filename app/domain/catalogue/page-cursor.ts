/** The Products page's cursor as text, pure (server side: it uses Node's Buffer). */
import type { CatalogueCursor } from "~/models/catalogue.server";

/** Opaque to the browser: base64url of the last row's (productTitle, variantId). */
export function encodeCursor(cursor: CatalogueCursor): string {
  return Buffer.from(JSON.stringify([cursor.productTitle, cursor.variantId]), "utf8").toString("base64url");
}

export function decodeCursor(text: string | null | undefined): CatalogueCursor | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string")
      return { productTitle: value[0], variantId: value[1] };
  } catch {
    // A cursor the app did not make: the first page.
  }
  return null;
}
