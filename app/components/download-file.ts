/**
 * Downloads a file the app serves (an export, a customer's data). Fetched rather than linked: App
 * Bridge adds the session token to the app's own fetches, a plain link inside the admin's frame
 * would carry none. The server's own words are kept for the answers it gives in plain words (a bad
 * request, a request of another shop's, data erased, an export already running); anything else is
 * `null`, for the caller's generic message.
 */
export type FileDownload = { ok: true; name: string } | { ok: false; reason: string | null };

const SAID_IN_WORDS = new Set([400, 404, 410, 429]);

export async function downloadFile(href: string, fallbackName: string): Promise<FileDownload> {
  let response: Response;
  try {
    response = await fetch(href);
  } catch {
    return { ok: false, reason: null };
  }
  if (!response.ok) return { ok: false, reason: SAID_IN_WORDS.has(response.status) ? (await response.text()).trim() || null : null };
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, name };
}
