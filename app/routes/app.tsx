import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { Banner, Box } from "@shopify/polaris";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css";
import { env } from "~/env.server";
import { getShopBanner } from "~/domain/shops/shop-banner.server";
import { authenticate } from "~/shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json({
    apiKey: env.SHOPIFY_API_KEY,
    banner: await getShopBanner(session.shop),
    // Shopify's CDN; offline (tests, demo) the Shopify twin's stand-in.
    appBridgeUrl: env.APP_BRIDGE_URL,
  });
};

const DASHBOARD_PATHS = ["/app", "/app/"];

export default function App() {
  const { apiKey, appBridgeUrl, banner } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} __APP_BRIDGE_URL={appBridgeUrl}>
      <NavMenu>
        <Link to="/app" rel="home">
          Dashboard
        </Link>
        <Link to="/app/orders">Orders</Link>
        <Link to="/app/products">Products</Link>
        <Link to="/app/past-orders">Send past orders</Link>
        <Link to="/app/settings">Settings</Link>
        <Link to="/app/connection">HyperSKU connection</Link>
      </NavMenu>
      {/* The connection page is where it is fixed; on a first run the dashboard's setup guide says it instead. */}
      {banner && pathname !== "/app/connection" && !(banner.firstRun && DASHBOARD_PATHS.includes(pathname)) && (
        <Box paddingBlockStart="400" paddingInline="400">
          <Banner tone="critical" title={banner.title} action={{ content: banner.action, url: "/app/connection" }}>
            <p>{banner.message}</p>
          </Banner>
        </Box>
      )}
      <Outlet />
    </AppProvider>
  );
}

// Shopify needs Remix to catch some thrown responses so their headers reach the browser.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
