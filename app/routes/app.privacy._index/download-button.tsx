import { useState } from "react";
import { Button } from "@shopify/polaris";
import { useRevalidator } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { downloadFile } from "~/components/download-file";

/**
 * Downloads one request's file (components/download-file.ts says how). The list is read again
 * afterwards, so the request shows as downloaded.
 */
export function DownloadButton({ href, label }: { href: string; label: string }) {
  const shopify = useAppBridge();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    const result = await downloadFile(href, "customer-data.json");
    setBusy(false);
    revalidator.revalidate();
    if (result.ok) shopify.toast.show(`Downloaded ${result.name}`);
    else shopify.toast.show(result.reason ?? "The file could not be made. Try again.", { isError: true });
  };

  return (
    <Button onClick={download} loading={busy}>
      {label}
    </Button>
  );
}
