import { useEffect } from "react";
import { useNavigation } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";

/** Shows the admin's own loading bar while a page's data is on its way (App Bridge `loading`). */
export function NavigationLoading() {
  const shopify = useAppBridge();
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    shopify.loading(busy);
    return () => shopify.loading(false);
  }, [busy, shopify]);
  return null;
}
