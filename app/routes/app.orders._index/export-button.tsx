import { useState } from "react";
import { Button } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { downloadFile } from "~/components/download-file";

/** Downloads the view as CSV (components/download-file.ts says how). */
export function ExportButton({ href }: { href: string }) {
  const shopify = useAppBridge();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    const result = await downloadFile(href, "orders.csv");
    setBusy(false);
    if (result.ok) shopify.toast.show(`Exported ${result.name}`);
    else shopify.toast.show(result.reason ?? "The export could not be made. Try again.", { isError: true });
  };

  return (
    <Button onClick={download} loading={busy}>
      Export
    </Button>
  );
}
