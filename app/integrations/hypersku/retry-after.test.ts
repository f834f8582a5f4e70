import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const now = new Date("2024-05-01T12:00:00Z");

describe("parseRetryAfter", () => {
  it("reads delay seconds", () => expect(parseRetryAfter("30", now)).toBe(30_000));
  it("reads an HTTP-date", () => expect(parseRetryAfter("Wed, 01 May 2024 12:00:45 GMT", now)).toBe(45_000));
  it("clamps a past date to 0", () => expect(parseRetryAfter("Wed, 01 May 2024 11:00:00 GMT", now)).toBe(0));
  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
