import { TitleBar } from "@shopify/app-bridge-react";
import { Text } from "@shopify/polaris";

/** The browser tab's title of an admin page: "Orders · HyperSKU". For each page's `meta` export. */
export const documentTitle = (title: string) => [{ title: `${title} · HyperSKU` }];

/**
 * An admin page's title: shown once, in App Bridge's title bar above the page (so the Polaris `Page`
 * gets no `title`; the admin guidelines want it said once), and kept as the page's h1 for screen
 * readers, visually hidden.
 * https://shopify.dev/docs/api/app-bridge-library/web-components/ui-title-bar
 */
export function PageTitle({ title }: { title: string }) {
  return (
    <>
      <TitleBar title={title} />
      <Text as="h1" visuallyHidden>
        {title}
      </Text>
    </>
  );
}
