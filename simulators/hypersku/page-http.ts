/** The authorization page's HTTP side: which page a request gets, and how a page reply is written. */
import type http from "node:http";
import { PAGE_HEADERS, decide, renderAuthorizePage, type PageReply } from "./authorize-page";
import type { RequestLogEntry } from "./request-log";
import type { Simulator } from "./simulator";

export function authorizePage(simulator: Simulator, method: string, url: URL, raw: string, entry: RequestLogEntry): PageReply {
  if (url.pathname === "/application/auth" && method === "GET") {
    entry.operation = "authorize";
    const get = (name: string) => url.searchParams.get(name);
    return renderAuthorizePage(
      { clientId: get("clientId"), scope: get("scope"), redirectUri: get("redirectUri"), state: get("state") },
      simulator.options,
    );
  }
  if (url.pathname === "/application/auth/decision" && method === "POST") {
    entry.operation = "authorizeDecision";
    const form = new URLSearchParams(raw);
    const get = (name: string) => form.get(name);
    return decide(
      { clientId: get("clientId"), scope: get("scope"), redirectUri: get("redirectUri"), state: get("state"), decision: get("decision") },
      simulator.options,
      () => simulator.issueCode(),
    );
  }
  return { status: 405, html: "<!doctype html><title>Method not allowed</title><p>Method not allowed</p>" };
}

export function sendPage(res: http.ServerResponse, entry: RequestLogEntry, page: PageReply) {
  entry.status = page.status;
  if ("location" in page) {
    res.writeHead(302, { Location: page.location, "Cache-Control": "no-store" });
    res.end();
    return;
  }
  res.writeHead(page.status, PAGE_HEADERS);
  res.end(page.html);
}
