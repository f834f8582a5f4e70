import { describe, expect, it } from "vitest";
import { createKeyedConcurrencyLimiter, createKeyedRateLimiter } from "./limits";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createKeyedConcurrencyLimiter", () => {
  it("runs at most maxPerKey tasks of one key at once and starts the waiting ones in order", async () => {
    const limiter = createKeyedConcurrencyLimiter(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run("shop-a", async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limiter.load("shop-a")).toBe(5);

    gates[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates.forEach((gate) => gate.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.load("shop-a")).toBe(0);
  });

  it("keeps keys independent", async () => {
    const limiter = createKeyedConcurrencyLimiter(1);
    const gate = deferred();
    const started: string[] = [];
    const a = limiter.run("a", async () => {
      started.push("a1");
      await gate.promise;
    });
    const a2 = limiter.run("a", async () => void started.push("a2"));
    const b = limiter.run("b", async () => void started.push("b1"));
    await b;
    expect(started).toEqual(["a1", "b1"]);
    gate.resolve();
    await Promise.all([a, a2]);
    expect(started).toEqual(["a1", "b1", "a2"]);
  });

  it("frees the slot when a task throws", async () => {
    const limiter = createKeyedConcurrencyLimiter(1);
    await expect(limiter.run("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(limiter.load("a")).toBe(0);
    expect(await limiter.run("a", async () => "next")).toBe("next");
  });

  it("rejects a limit below 1", () => {
    expect(() => createKeyedConcurrencyLimiter(0)).toThrow(RangeError);
  });
});

function fakeClock() {
  let time = 1_000_000;
  const sleeps: number[] = [];
  return {
    now: () => time,
    advance: (ms: number) => (time += ms),
    sleeps,
    // Sleeping leaves the fake time alone: calls made in a row act like callers arriving together.
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  };
}

describe("createKeyedRateLimiter", () => {
  it("lets a burst through, then spaces requests at the rate", async () => {
    const clock = fakeClock();
    const limiter = createKeyedRateLimiter({ ratePerSecond: 5, burst: 2, now: clock.now, sleep: clock.sleep });
    await limiter.acquire("shop");
    await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire("shop");
    await limiter.acquire("shop");
    await limiter.acquire("shop");
    // Each waiting caller reserved the next token: 200 ms apart at 5 per second, in order.
    expect(clock.sleeps).toEqual([200, 400, 600]);
  });

  it("refills with time, never beyond the burst", async () => {
    const clock = fakeClock();
    const limiter = createKeyedRateLimiter({ ratePerSecond: 10, burst: 3, now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 3; i++) await limiter.acquire("shop");
    clock.advance(100);
    await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([100]);

    clock.advance(60_000);
    for (let i = 0; i < 3; i++) await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([100]);
    await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([100, 100]);
  });

  it("keeps one bucket per key", async () => {
    const clock = fakeClock();
    const limiter = createKeyedRateLimiter({ ratePerSecond: 1, burst: 1, now: clock.now, sleep: clock.sleep });
    await limiter.acquire("a");
    await limiter.acquire("b");
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire("a");
    expect(clock.sleeps).toEqual([1_000]);
  });

  it("defaults the burst to one second of requests", async () => {
    const clock = fakeClock();
    const limiter = createKeyedRateLimiter({ ratePerSecond: 4, now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 4; i++) await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire("shop");
    expect(clock.sleeps).toEqual([250]);
  });

  it("really waits with the default clock", async () => {
    const limiter = createKeyedRateLimiter({ ratePerSecond: 20, burst: 1 });
    const started = Date.now();
    await limiter.acquire("shop");
    await limiter.acquire("shop");
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
