/**
 * Entry of the admin.order-details.block.render target (shopify.extension.toml). The only module
 * that reads the `shopify` global: it hands the block the open order's id, a client for the app's
 * backend and the admin's translations.
 */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { createOrderApi } from "./api-client";
import { formatInTimeZone, type I18n } from "./i18n";
import { OrderBlock } from "./OrderBlock";
import { getSelectedOrderId } from "./order-id";

export default async () => {
  const i18n: I18n = {
    t: (key, replacements) => shopify.i18n.translate(key, replacements),
    formatDateTime: (date, timeZone) => formatInTimeZone((options) => shopify.i18n.formatDate(date, options), timeZone),
  };
  // The admin adds the session token to fetches to the app (relative URLs resolve to app_url).
  const api = createOrderApi((input, init) => fetch(input, init));
  render(<OrderBlock orderId={getSelectedOrderId(shopify.data.selected)} api={api} i18n={i18n} />, document.body);
};
