import { describe, expect, it } from "vitest";
import { HYPERSKU_STATUSES } from "../../../app/domain/orders/hypersku-status";
import en from "../locales/en.default.json";
import fr from "../locales/fr.json";
import { STATE_TONES } from "./describe-order";

type Messages = { [key: string]: string | Messages };

function entries(messages: Messages, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("locales", () => {
  it("French has every English key, with the same placeholders", () => {
    const french = new Map(entries(fr));
    for (const [key, text] of entries(en)) {
      expect(french.has(key), key).toBe(true);
      expect(placeholders(french.get(key) ?? ""), key).toEqual(placeholders(text));
    }
    expect(entries(fr).length).toBe(entries(en).length);
  });

  it("words only the states the block words itself: a sent or held order reads as the app says it", () => {
    expect(Object.keys(en.state).sort()).toEqual(Object.keys(STATE_TONES).sort());
  });

  it("English says what the app's status table says about each HyperSKU state, and knows no other", () => {
    expect(en.hypersku.meaning).toEqual(Object.fromEntries(HYPERSKU_STATUSES.map((row) => [String(row.code), row.meaning])));
  });
});
