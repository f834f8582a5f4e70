// Authorization page, token exchange and refresh, and token checks on API operations.
import { describe, expect, it } from "vitest";
import { PATHS, call, connect, dataOf, exchangeCode, startSimulator } from "./test-support";

const REDIRECT = "http://localhost:3000/hypersku/callback";

function authorizeUrl(base: string, overrides: Record<string, string | null> = {}) {
  const params = { clientId: "sim-client-id", scope: "oms", redirectUri: REDIRECT, state: "s-123", ...overrides };
  const url = new URL("/application/auth", base);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url;
}

async function decide(base: string, decision: string, overrides: Record<string, string> = {}) {
  const form = new URLSearchParams({
    clientId: "sim-client-id",
    scope: "oms",
    redirectUri: REDIRECT,
    state: "s-123",
    decision,
    ...overrides,
  });
  return fetch(new URL("/application/auth/decision", base), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
}

describe("authorization page", () => {
  it("offers Approve and Deny forms carrying the parameters, and cannot be framed", async () => {
    const simulator = await startSimulator();
    const response = await fetch(authorizeUrl(simulator.url));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<button type="submit">Approve<\/button>/);
    expect(html).toMatch(/<button type="submit">Deny<\/button>/);
    expect(html.match(/<form method="post" action="\/application\/auth\/decision">/g)).toHaveLength(2);
    expect(html).toContain(`name="redirectUri" value="${REDIRECT}"`);
    expect(html).toContain('name="state" value="s-123"');
  });

  it.each([
    ["clientId", { clientId: "someone-else" }, "clientId is not a registered application"],
    ["clientId", { clientId: null }, "clientId is missing"],
    ["scope", { scope: "orders" }, "scope must be oms"],
    ["redirectUri", { redirectUri: `${REDIRECT}/` }, "redirectUri does not match"],
    ["state", { state: null }, "state is missing"],
  ])("rejects a bad %s with an HTML 400 page naming it", async (_name, overrides, message) => {
    const simulator = await startSimulator();
    const response = await fetch(authorizeUrl(simulator.url, overrides), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain(message);
  });

  it("redirects Approve to the callback with a working code and the same state", async () => {
    const simulator = await startSimulator();
    const response = await decide(simulator.url, "approve");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("s-123");
    const token = dataOf(await exchangeCode(simulator, location.searchParams.get("code")!));
    expect(token.scope).toBe("oms");
  });

  it("redirects Deny with error=access_denied and the same state, and no code", async () => {
    const simulator = await startSimulator();
    const response = await decide(simulator.url, "deny");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("s-123");
    expect(location.searchParams.has("code")).toBe(false);
  });

  it("refuses a decision whose redirectUri was tampered with", async () => {
    const simulator = await startSimulator();
    const response = await decide(simulator.url, "approve", { redirectUri: "https://evil.example/cb" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("redirectUri");
  });
});

describe("accessToken", () => {
  it("returns the token response 2.3 with lifetimes in seconds", async () => {
    const simulator = await startSimulator({ accessTokenLifetimeSeconds: 60, refreshTokenLifetimeSeconds: 600 });
    const token = await connect(simulator);
    expect(Object.keys(token).sort()).toEqual(["accessToken", "expiresIn", "refreshToken", "refreshTokenExpireIn", "scope", "userId"]);
    expect(token).toMatchObject({ expiresIn: 60, refreshTokenExpireIn: 600, scope: "oms", userId: "sim-user-1" });
    expect(token.accessToken).toEqual(expect.any(String));
  });

  it("accepts a code once: a second exchange is 60025 (wrapped: HTTP 200)", async () => {
    const simulator = await startSimulator();
    const code = simulator.control.issueAuthorizationCode();
    expect((await exchangeCode(simulator, code)).status).toBe(200);
    const again = await exchangeCode(simulator, code);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 60025, message: "the authorization code has already been used", data: null, rel: false });
  });

  it("answers an unknown code with 60025 as HTTP 400 in the bare form", async () => {
    const simulator = await startSimulator({ envelope: "bare" });
    const response = await exchangeCode(simulator, "not-a-code");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 60025, message: "the authorization code is not valid" });
  });

  it("rejects an expired code with 60025", async () => {
    const simulator = await startSimulator({ codeLifetimeSeconds: 0.05 });
    const code = simulator.control.issueAuthorizationCode();
    await new Promise((resolve) => setTimeout(resolve, 80));
    const response = await exchangeCode(simulator, code);
    expect(response.body).toMatchObject({ status: 60025, message: "the authorization code has expired" });
  });

  it("answers a wrong client secret with HTTP 401 and keeps the code usable", async () => {
    const simulator = await startSimulator();
    const code = simulator.control.issueAuthorizationCode();
    const response = await call(simulator, "POST", PATHS.accessToken, {
      body: { clientId: "sim-client-id", clientSecret: "wrong", code },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: 401, message: "invalid clientId or clientSecret" });
    expect((await exchangeCode(simulator, code)).status).toBe(200);
  });

  it("names a field of the wrong type", async () => {
    const simulator = await startSimulator();
    const response = await call(simulator, "POST", PATHS.accessToken, {
      body: { clientId: "sim-client-id", clientSecret: "sim-client-secret", code: 42 },
    });
    expect(response.body).toMatchObject({ status: 40001, message: "code must be a string (got number 42)" });
  });
});

describe("refreshToken", () => {
  const refresh = (simulator: Awaited<ReturnType<typeof startSimulator>>, refreshToken: string) =>
    call(simulator, "POST", PATHS.refreshToken, {
      body: { clientId: "sim-client-id", clientSecret: "sim-client-secret", refreshToken },
    });

  it("without rotation returns a new access token and the same refresh token, reusable", async () => {
    const simulator = await startSimulator();
    const first = await connect(simulator);
    const second = dataOf(await refresh(simulator, first.refreshToken));
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).toBe(first.refreshToken);
    expect(dataOf(await refresh(simulator, first.refreshToken)).refreshToken).toBe(first.refreshToken);
    expect((await call(simulator, "GET", PATHS.countries, { token: second.accessToken })).status).toBe(200);
  });

  it("with rotation issues a new refresh token and the old one stops working", async () => {
    const simulator = await startSimulator({ rotateRefreshTokens: true });
    const first = await connect(simulator);
    const second = dataOf(await refresh(simulator, first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const reused = await refresh(simulator, first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ status: 401, message: "the refresh token is not valid" });
    expect((await refresh(simulator, second.refreshToken)).status).toBe(200);
  });

  it("rejects a wrong client secret with HTTP 401", async () => {
    const simulator = await startSimulator();
    const { refreshToken } = await connect(simulator);
    const response = await call(simulator, "POST", PATHS.refreshToken, {
      body: { clientId: "sim-client-id", clientSecret: "nope", refreshToken },
    });
    expect(response.status).toBe(401);
  });
});

describe("token checks on operations", () => {
  it("accepts exactly prefix + token in Authorization", async () => {
    const simulator = await startSimulator({ authPrefix: "Bearer " });
    const { accessToken } = await connect(simulator);
    expect((await call(simulator, "GET", PATHS.countries, { token: `Bearer ${accessToken}` })).status).toBe(200);
    expect((await call(simulator, "GET", PATHS.countries, { token: accessToken })).status).toBe(401);
    expect((await call(simulator, "GET", PATHS.countries, { token: `bearer ${accessToken}` })).status).toBe(401);
  });

  it("rejects missing, unknown and expired tokens with HTTP 401 in the http style", async () => {
    const simulator = await startSimulator();
    const { accessToken } = await connect(simulator);
    expect((await call(simulator, "GET", PATHS.countries)).body).toEqual({ status: 401, message: "missing Authorization header" });
    expect((await call(simulator, "GET", PATHS.countries, { token: "unknown" })).status).toBe(401);
    simulator.control.expireAccessTokens();
    const expired = await call(simulator, "GET", PATHS.countries, { token: accessToken });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ status: 401, message: "the access token has expired" });
  });

  it("rejects with HTTP 200 and status 40101 in the body style", async () => {
    const simulator = await startSimulator({ authErrorStyle: "body" });
    const response = await call(simulator, "GET", PATHS.countries, { token: "unknown" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 40101, message: "the access token is not valid", data: null, rel: false });
  });

  it("lets an expired access token be replaced by refreshing", async () => {
    const simulator = await startSimulator({ accessTokenLifetimeSeconds: 0.05 });
    const { refreshToken } = await connect(simulator);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const fresh = dataOf(
      await call(simulator, "POST", PATHS.refreshToken, {
        body: { clientId: "sim-client-id", clientSecret: "sim-client-secret", refreshToken },
      }),
    );
    expect((await call(simulator, "GET", PATHS.countries, { token: fresh.accessToken })).status).toBe(200);
  });
});
