// The order payload builders live in the dev harness, shared with the demo and the benchmarks.
export * from "../../simulators/harness/order-payloads";
