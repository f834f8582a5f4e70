/**
 * The digest as an e-mail: subject, plain text and simple HTML, saying the same in plain words,
 * each order with its reason, its fix and a link to its page in the app. Pure.
 */
import type { DigestSection } from "./plan-digest";

export type RenderedDigest = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Orders counted but not named; none for a section that names no orders (the connection). */
const moreThanNamed = (section: DigestSection) => (section.items.length > 0 ? section.total - section.items.length : 0);

export function renderDigest(input: {
  shopName: string;
  sections: readonly DigestSection[];
  appUrl: string;
  settingsUrl: string;
}): RenderedDigest {
  const { shopName, sections } = input;
  const subject = `${shopName}: ${sections.map((section) => section.label).join(", ")}`;

  const text: string[] = [`${shopName}: what needs you in the HyperSKU app`, ""];
  for (const section of sections) {
    text.push(section.title.toUpperCase(), section.fix);
    if (section.link) text.push(`${section.link.label}: ${section.link.url}`);
    for (const entry of section.items) {
      text.push("", `- ${entry.name}: ${entry.reason}`, `  What to do: ${entry.fix}`, `  Open the order: ${entry.url}`);
    }
    const more = moreThanNamed(section);
    if (more > 0) text.push("", `  …and ${more} more in the app.`);
    text.push("");
  }
  text.push(`Open the app: ${input.appUrl}`, `You get this e-mail because of the notification settings of the app: ${input.settingsUrl}`);

  const html: string[] = [
    `<!doctype html><html><body style="font-family: -apple-system, 'Segoe UI', Roboto, sans-serif; color: #202223; max-width: 640px">`,
    `<p>${escapeHtml(shopName)}: what needs you in the HyperSKU app</p>`,
  ];
  for (const section of sections) {
    html.push(
      `<h2 style="font-size: 16px; margin: 24px 0 4px">${escapeHtml(section.title)}</h2>`,
      `<p style="margin: 0 0 8px">${escapeHtml(section.fix)}</p>`,
    );
    if (section.link) html.push(`<p><a href="${escapeHtml(section.link.url)}">${escapeHtml(section.link.label)}</a></p>`);
    if (section.items.length > 0) {
      html.push("<ul>");
      for (const entry of section.items) {
        html.push(
          `<li style="margin-bottom: 8px"><a href="${escapeHtml(entry.url)}"><strong>${escapeHtml(entry.name)}</strong></a>: ${escapeHtml(entry.reason)}<br>What to do: ${escapeHtml(entry.fix)}</li>`,
        );
      }
      html.push("</ul>");
    }
    const more = moreThanNamed(section);
    if (more > 0) html.push(`<p>…and ${more} more in the app.</p>`);
  }
  html.push(
    `<p><a href="${escapeHtml(input.appUrl)}">Open the app</a></p>`,
    `<p style="color: #6d7175; font-size: 12px">You get this e-mail because of the <a href="${escapeHtml(input.settingsUrl)}">notification settings</a> of the app.</p>`,
    "</body></html>",
  );
  return { subject, text: text.join("\n"), html: html.join("\n") };
}
