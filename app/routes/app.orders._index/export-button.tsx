import { useState } from "react";
import { Button } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";

/**
 * Downloads the view as CSV. Fetched rather than linked: App Bridge adds the session token to the
 * app's own fetches, a plain link inside the admin's frame would carry none.
 */
export function ExportButton({ href }: { href: string }) {
  const shopify = useAppBridge();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "orders.csv";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      shopify.toast.show(`Exported ${name}`);
    } catch {
      shopify.toast.show("The export could not be made. Try again.", { isError: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={download} loading={busy}>
      Export
    </Button>
  );
}
