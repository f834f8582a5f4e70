import { useState } from "react";
import { Button } from "@shopify/polaris";
import { useRevalidator } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";

/**
 * Downloads one request's file. Fetched rather than linked: App Bridge adds the session token to the
 * app's own fetches, a plain link inside the admin's frame would carry none. The list is read again
 * afterwards, so the request shows as downloaded.
 */
export function DownloadButton({ href, label }: { href: string; label: string }) {
  const shopify = useAppBridge();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(href);
      if (!response.ok) {
        // 404 and 410 answer in plain words (another shop's request, the customer's data erased).
        const reason = response.status === 404 || response.status === 410 ? await response.text() : null;
        shopify.toast.show(reason ?? "The file could not be made. Try again.", { isError: true });
        return;
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "customer-data.json";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      shopify.toast.show(`Downloaded ${name}`);
    } catch {
      shopify.toast.show("The file could not be made. Try again.", { isError: true });
    } finally {
      setBusy(false);
      revalidator.revalidate();
    }
  };

  return (
    <Button onClick={download} loading={busy}>
      {label}
    </Button>
  );
}
