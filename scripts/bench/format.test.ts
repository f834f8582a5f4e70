/** The benchmark's CPU figures: a process's share of a core turned into milliseconds per request. */
import fs from "node:fs";
import { cpuMsPerRequest, cpuPerRequestText } from "./format";
import { sampleCommandCpu } from "./memory";

it("turns a share of one core at a request rate into CPU milliseconds per request", () => {
  expect(cpuMsPerRequest(96, 560)).toBeCloseTo(1.714, 3);
  expect(cpuMsPerRequest(null, 560)).toBeNull();
  expect(cpuMsPerRequest(50, 0)).toBeNull();
  expect(cpuPerRequestText(96, 50, 560)).toBe("web 1.7 ms + database 0.9 ms");
  expect(cpuPerRequestText(100, null, 1000)).toBe("web 1.0 ms");
});

it.runIf(process.platform === "linux")("counts the CPU that every process of one command spends over a load", () => {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  const sampler = sampleCommandCpu(command);
  const until = Date.now() + 300;
  let spin = 0;
  while (Date.now() < until) spin += Math.sqrt(spin + 1);
  // This process was busy the whole period (its share depends on what else runs: only more than none is certain).
  const percent = sampler.stop();
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100 * 64);
  expect(sampleCommandCpu("no-such-command-here").stop()).toBe(0);
});
