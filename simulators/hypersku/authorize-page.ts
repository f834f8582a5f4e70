/**
 * HyperSKU's authorization page (spec 5.1): checks the four parameters, then lets the user approve or
 * deny. Like the real page it refuses to be framed, so an app that tries to open it inside the Shopify
 * admin iframe fails here as it would in production.
 */
import type { SimulatorOptions } from "./options";

export interface AuthorizeParams {
  clientId: string | null;
  scope: string | null;
  redirectUri: string | null;
  state: string | null;
}

export type PageReply = { status: number; html: string } | { status: 302; location: string };

export const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
  "Cache-Control": "no-store",
};

/** Problems with the parameters, each naming the parameter; empty when the request is acceptable. */
function checkAuthorizeParams(params: AuthorizeParams, options: SimulatorOptions): string[] {
  const problems: string[] = [];
  if (!params.clientId) problems.push("clientId is missing");
  else if (params.clientId !== options.clientId) problems.push("clientId is not a registered application");
  if (!params.scope) problems.push("scope is missing (it must be oms)");
  else if (params.scope !== "oms") problems.push(`scope must be oms, not "${params.scope}"`);
  if (!params.redirectUri) problems.push("redirectUri is missing");
  else if (params.redirectUri !== options.redirectUri) {
    problems.push("redirectUri does not match the callback URL registered for this application");
  }
  if (!params.state) problems.push("state is missing");
  return problems;
}

export function renderAuthorizePage(params: AuthorizeParams, options: SimulatorOptions): PageReply {
  const problems = checkAuthorizeParams(params, options);
  if (problems.length > 0) return rejection(problems);
  const hidden = (["clientId", "scope", "redirectUri", "state"] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? "")}">`)
    .join("");
  const form = (decision: string, label: string) =>
    `<form method="post" action="/application/auth/decision">${hidden}` +
    `<input type="hidden" name="decision" value="${decision}"><button type="submit">${label}</button></form>`;
  return {
    status: 200,
    html: page(
      "Authorize application",
      `<h1>Authorize application</h1>
<p>The application <strong>${escapeHtml(params.clientId!)}</strong> asks to manage your HyperSKU orders
(permission: <code>oms</code>).</p>
<div class="actions">${form("approve", "Approve")}${form("deny", "Deny")}</div>`,
    ),
  };
}

/** Approve: back to the callback with a fresh code; deny: with error=access_denied. Always echoes state. */
export function decide(
  params: AuthorizeParams & { decision: string | null },
  options: SimulatorOptions,
  issueCode: () => string,
): PageReply {
  const problems = checkAuthorizeParams(params, options);
  if (params.decision !== "approve" && params.decision !== "deny") problems.push("decision must be approve or deny");
  if (problems.length > 0) return rejection(problems);
  const target = new URL(params.redirectUri!);
  if (params.decision === "approve") target.searchParams.set("code", issueCode());
  else target.searchParams.set("error", "access_denied");
  target.searchParams.set("state", params.state!);
  return { status: 302, location: target.toString() };
}

function rejection(problems: string[]): PageReply {
  return {
    status: 400,
    html: page(
      "Authorization request rejected",
      `<h1>Authorization request rejected</h1>
<p>HyperSKU cannot authorize this application because of the request it was sent:</p>
<ul>${problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("")}</ul>`,
    ),
  };
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - HyperSKU (simulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.actions{display:flex;gap:1rem}button{font-size:1rem;padding:.5rem 1.25rem}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
