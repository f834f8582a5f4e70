import { FooterHelp, Link } from "@shopify/polaris";

/**
 * Where each admin page's "Help" link goes. HyperSKU's site for now, the one help address the app
 * knows; when the app has help pages of its own, they go here and every page follows.
 */
const HELP_URL = "https://hypersku.com";

/** The footer of every admin page: "Help: <topic>", opening the help in a new tab. */
export function PageHelp({ topic, url = HELP_URL }: { topic: string; url?: string }) {
  return (
    <FooterHelp>
      Help:{" "}
      <Link url={url} target="_blank">
        {topic}
      </Link>
    </FooterHelp>
  );
}
