import { currencyDecimals, formatMinorUnits, minorUnitsToNumber, normalizeAmount, sumAmounts, toMinorUnits } from "./money";

describe("currencyDecimals", () => {
  it.each([
    ["USD", 2],
    ["eur", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["HUF", 2],
    ["KWD", 3],
    ["XYZ", 2],
  ])("%s has %i decimals", (currency, decimals) => {
    expect(currencyDecimals(currency)).toBe(decimals);
  });
});

describe("toMinorUnits", () => {
  it.each([
    ["19.99", 2, 1999],
    ["19.9", 2, 1990],
    ["19", 2, 1900],
    ["0.005", 2, 1],
    ["0.004", 2, 0],
    ["1500", 0, 1500],
    ["1500.50", 0, 1501],
    ["-3.335", 2, -334],
    ["12.345", 3, 12345],
    [0.1 + 0.2, 2, 30],
    [19.99, 2, 1999],
    [1e-7, 2, 0],
  ] as const)("%s with %i decimals is %i", (amount, decimals, minor) => {
    expect(toMinorUnits(amount, decimals)).toBe(minor);
  });

  it.each(["", "abc", "1,50", "1.2.3", "NaN", "1e3"])("refuses %j", (amount) => {
    expect(toMinorUnits(amount, 2)).toBeNull();
  });

  it("refuses infinite numbers", () => {
    expect(toMinorUnits(Number.POSITIVE_INFINITY, 2)).toBeNull();
  });
});

describe("formatting", () => {
  it("writes exactly the currency's decimals", () => {
    expect(formatMinorUnits(1999, 2)).toBe("19.99");
    expect(formatMinorUnits(5, 2)).toBe("0.05");
    expect(formatMinorUnits(-5, 2)).toBe("-0.05");
    expect(formatMinorUnits(1500, 0)).toBe("1500");
    expect(formatMinorUnits(12345, 3)).toBe("12.345");
  });

  it("turns minor units into the number JSON carries, without drift", () => {
    expect(minorUnitsToNumber(1999, 2)).toBe(19.99);
    expect(minorUnitsToNumber(10 + 20, 2)).toBe(0.3);
    expect(minorUnitsToNumber(1500, 0)).toBe(1500);
  });

  it("normalizes an amount to its currency", () => {
    expect(normalizeAmount("19.9", "USD")).toBe("19.90");
    expect(normalizeAmount("1500.0", "JPY")).toBe("1500");
    expect(normalizeAmount(7, "EUR")).toBe("7.00");
    expect(normalizeAmount("oops", "EUR")).toBeNull();
  });
});

describe("sumAmounts", () => {
  it("adds exactly in minor units", () => {
    expect(sumAmounts(["0.10", "0.20", 0.3], "USD")).toBe("0.60");
    expect(sumAmounts([], "JPY")).toBe("0");
  });
});
