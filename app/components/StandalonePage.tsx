import type { ReactNode } from "react";

/**
 * A minimal page for the few moments the merchant is outside the Shopify admin (on the way to and
 * back from HyperSKU): no App Bridge, no Polaris context, readable and accessible on its own.
 */
export function StandalonePage({ title, children, tone = "info" }: { title: string; children: ReactNode; tone?: "info" | "critical" }) {
  return (
    <main
      style={{
        fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif",
        maxWidth: 560,
        margin: "10vh auto",
        padding: "24px 28px",
        borderRadius: 12,
        background: "#fff",
        boxShadow: "0 1px 3px rgba(0,0,0,.15)",
        borderTop: `4px solid ${tone === "critical" ? "#c70a24" : "#005bd3"}`,
        lineHeight: 1.5,
        color: "#303030",
      }}
    >
      <h1 style={{ fontSize: 20, margin: "0 0 12px" }}>{title}</h1>
      {children}
    </main>
  );
}
