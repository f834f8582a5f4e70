/**
 * The simulator's settings: defaults, and the zod schema that checks every change made through
 * `configure()` or `POST /__sim/config`, so a typo in a test's setting fails loudly instead of
 * silently leaving the default in place.
 */
import { z } from "zod";

const DUPLICATE_CREATE_MODES = ["return-existing", "reject", "create-duplicate"] as const;

export interface SimulatorOptions {
  port: number;
  clientId: string;
  clientSecret: string;
  /** The callback URL "registered" with HyperSKU; the authorization page demands an exact match. */
  redirectUri: string;
  /** The Authorization header must equal exactly `authPrefix + accessToken`. */
  authPrefix: string;
  /** When set, state is loaded from this JSON file at start and written back as it changes. */
  stateFile?: string;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  rotateRefreshTokens: boolean;
  duplicateCreate: (typeof DUPLICATE_CREATE_MODES)[number];
  envelope: "wrapped" | "bare";
  authErrorStyle: "http" | "body";
  /** 0: orders move only on command; N > 0: every order moves one state every N ms. */
  autoAdvanceMs: number;
  codeLifetimeSeconds: number;
  userId: string;
  /** Seeds the random source of faults and tracking numbers, so runs are reproducible. */
  seed: number;
  /** "enforce": refuse creates an agent could not fulfil (agent-checks.ts); "off": the spec's schema only. */
  agentChecks: "off" | "enforce";
}

export const DEFAULT_OPTIONS: SimulatorOptions = {
  port: 0,
  clientId: "sim-client-id",
  clientSecret: "sim-client-secret",
  redirectUri: "http://localhost:3000/hypersku/callback",
  authPrefix: "",
  stateFile: undefined,
  accessTokenLifetimeSeconds: 7200,
  refreshTokenLifetimeSeconds: 2_592_000,
  rotateRefreshTokens: false,
  duplicateCreate: "return-existing",
  envelope: "wrapped",
  authErrorStyle: "http",
  autoAdvanceMs: 0,
  codeLifetimeSeconds: 300,
  userId: "sim-user-1",
  seed: 1,
  agentChecks: "off",
};

const nonNegative = z.number().nonnegative();

/** Options that may change while the simulator runs (port and state file are fixed at start). */
const runtimeOptionsSchema = z.strictObject({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  redirectUri: z.string().url(),
  authPrefix: z.string(),
  accessTokenLifetimeSeconds: nonNegative,
  refreshTokenLifetimeSeconds: nonNegative,
  rotateRefreshTokens: z.boolean(),
  duplicateCreate: z.enum(DUPLICATE_CREATE_MODES),
  envelope: z.enum(["wrapped", "bare"]),
  authErrorStyle: z.enum(["http", "body"]),
  autoAdvanceMs: z.number().int().nonnegative(),
  codeLifetimeSeconds: nonNegative,
  userId: z.string().min(1),
  seed: z.number().int(),
  agentChecks: z.enum(["off", "enforce"]),
});

export type RuntimeOptions = z.infer<typeof runtimeOptionsSchema>;

const partialRuntimeOptionsSchema = runtimeOptionsSchema.partial();

/** Parses a partial options object; throws an Error naming the offending option. */
export function parsePartialOptions(input: unknown): Partial<RuntimeOptions> {
  const result = partialRuntimeOptionsSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.join(".");
  throw new Error(`invalid simulator option ${name}: ${issue.message}`);
}

export function pickRuntimeOptions(options: SimulatorOptions): RuntimeOptions {
  const { port: _port, stateFile: _stateFile, ...runtime } = options;
  return runtime;
}
