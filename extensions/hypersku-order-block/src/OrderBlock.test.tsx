// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOrderApi, type FetchLike } from "./api-client";
import { OrderBlock } from "./OrderBlock";
import { createTestI18n } from "./testing/i18n";
import { buildFailedOrder, buildSentOrder, buildSkippedOrder, buildUnsentOrder, jsonResponse } from "./testing/orders";

const ORDER_ID = "5600000000001";
const i18n = createTestI18n();

afterEach(cleanup);

/** The admin's fetch, answering as the app's backend does. */
function mockFetch(...answers: (Response | Error | Promise<Response>)[]) {
  return vi.fn<FetchLike>(async () => {
    const next = answers.shift();
    if (!next) throw new Error("unexpected fetch");
    if (next instanceof Error) throw next;
    return next;
  });
}

function renderBlock(fetchFn: FetchLike, orderId: string | null = ORDER_ID) {
  return render(<OrderBlock orderId={orderId} api={createOrderApi(fetchFn)} i18n={i18n} />);
}

/** A banner by its heading (an attribute of s-banner, so not found by text). */
const findBanner = (heading: string) =>
  waitFor(() => {
    const banner = [...document.querySelectorAll("s-banner")].find((candidate) => candidate.getAttribute("heading") === heading);
    if (!banner) throw new Error(`no banner headed "${heading}"`);
    return banner;
  });

const element = (text: string, tag: string) => {
  const found = screen.getByText(text).closest(tag);
  if (!found) throw new Error(`"${text}" is not inside <${tag}>`);
  return found;
};

describe("OrderBlock", () => {
  it("shows a spinner while the order loads", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchFn = mockFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = renderBlock(fetchFn);
    expect(screen.getByText("Loading the HyperSKU status of this order…")).toBeTruthy();
    expect(container.querySelector("s-spinner")).not.toBeNull();

    answer(jsonResponse({ order: buildSentOrder() }));
    await screen.findByText("Sent to HyperSKU on Jul 14, 2026, 10:20 AM EDT");
    expect(container.querySelector("s-spinner")).toBeNull();
  });

  it("shows a sent order: HyperSKU id and status meaning, and each parcel's carrier and tracking link", async () => {
    const fetchFn = mockFetch(jsonResponse({ order: buildSentOrder() }));
    const { container } = renderBlock(fetchFn);

    await screen.findByText("Sent to HyperSKU on Jul 14, 2026, 10:20 AM EDT");
    expect(fetchFn).toHaveBeenCalledWith(`/api/extension/orders/${ORDER_ID}`, expect.anything());
    expect(element("Shipped", "s-badge").getAttribute("tone")).toBe("success");
    expect(screen.getByText("HyperSKU order HS-20260714-0001")).toBeTruthy();
    expect(element("Split Shipment", "s-badge")).toBeTruthy();
    expect(screen.getByText("Shipped in several parcels.")).toBeTruthy();

    expect(screen.getByText("Parcel 1 of 2")).toBeTruthy();
    expect(screen.getByText("YunExpress")).toBeTruthy();
    expect(screen.getByText("USPS")).toBeTruthy();
    const links = [...container.querySelectorAll("s-link")].map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["YT2607140001", "https://www.yuntrack.com/parcelTracking?id=YT2607140001"],
      ["9400111899223", "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223"],
    ]);
    expect(container.querySelector("s-button")).toBeNull();
    expect(container.querySelector("s-admin-block")?.getAttribute("heading")).toBe("HyperSKU");
  });

  it("offers Send now for an unsent order and shows the result with the order as it is now", async () => {
    const sending = buildUnsentOrder({
      state: "sending",
      stateLabel: "Sending",
      nextAttemptAt: null,
      actions: { sendNow: false, retry: false },
    });
    const fetchFn = mockFetch(
      jsonResponse({ order: buildUnsentOrder() }),
      jsonResponse({ result: { ok: true, message: "The order is being sent to HyperSKU." }, order: sending }),
    );
    renderBlock(fetchFn);

    await screen.findByText("Not sent to HyperSKU yet");
    expect(screen.queryByText("Retry")).toBeNull();
    fireEvent.click(element("Send now", "s-button"));

    const notice = await findBanner("The order is being sent to HyperSKU.");
    expect(notice.getAttribute("tone")).toBe("success");
    expect(fetchFn).toHaveBeenLastCalledWith(
      `/api/extension/orders/${ORDER_ID}`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ intent: "send-now" }) }),
    );
    expect(screen.getByText("Sending")).toBeTruthy();
    expect(screen.queryByText("Send now")).toBeNull();
  });

  it("shows a failed order's problem and fix, and the app's reason when Retry is refused", async () => {
    const fetchFn = mockFetch(
      jsonResponse({ order: buildFailedOrder() }),
      jsonResponse({
        result: { ok: false, message: "Connect HyperSKU first; the order will then be sent automatically." },
        order: buildFailedOrder(),
      }),
    );
    renderBlock(fetchFn);

    await screen.findByText("Sending failed 12 times. Last error: HyperSKU did not answer.");
    const problem = element("Sending failed 12 times. Last error: HyperSKU did not answer.", "s-banner");
    expect([problem.getAttribute("heading"), problem.getAttribute("tone")]).toEqual(["Problem", "critical"]);
    expect(screen.getByText("How to fix: Check the HyperSKU connection in the app, then choose Retry.")).toBeTruthy();
    expect(screen.queryByText("Send now")).toBeNull();

    fireEvent.click(element("Retry", "s-button"));
    const notice = await findBanner("The order was not sent");
    expect(notice.getAttribute("tone")).toBe("critical");
    expect(notice.textContent).toBe("Connect HyperSKU first; the order will then be sent automatically.");
    expect(fetchFn).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ body: JSON.stringify({ intent: "retry" }) }));
  });

  it("disables the action while it runs", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchFn = mockFetch(jsonResponse({ order: buildFailedOrder() }), new Promise<Response>((resolve) => (answer = resolve)));
    renderBlock(fetchFn);
    await screen.findByText("Retry");
    fireEvent.click(element("Retry", "s-button"));

    await waitFor(() => expect(element("Retry", "s-button").hasAttribute("loading")).toBe(true));
    expect(element("Retry", "s-button").hasAttribute("disabled")).toBe(true);
    fireEvent.click(element("Retry", "s-button"));
    expect(fetchFn).toHaveBeenCalledTimes(2);

    answer(jsonResponse({ result: { ok: true, message: "ok" }, order: buildUnsentOrder() }));
    await findBanner("Retrying: the order is being sent to HyperSKU.");
  });

  it("says the order is not handled by HyperSKU when the app does not know it", async () => {
    renderBlock(mockFetch(jsonResponse({ error: "not_found" }, 404)));
    await screen.findByText("This order is not handled by HyperSKU");
    expect(screen.queryByText("Send now")).toBeNull();
  });

  it("says the same, with why, for an order left alone on purpose", async () => {
    renderBlock(mockFetch(jsonResponse({ order: buildSkippedOrder() })));
    await screen.findByText("This order is not handled by HyperSKU");
    expect(screen.getByText("Nothing in this order needs shipping.")).toBeTruthy();
    expect(screen.queryByText("Parcels")).toBeNull();
  });

  it("is empty without asking the app when no order is open", () => {
    const fetchFn = mockFetch();
    renderBlock(fetchFn, null);
    expect(screen.getByText("This order is not handled by HyperSKU")).toBeTruthy();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("shows an error with Try again, which loads the order again", async () => {
    const fetchFn = mockFetch(jsonResponse({ error: "boom" }, 500), jsonResponse({ order: buildSentOrder() }));
    renderBlock(fetchFn);

    const banner = await findBanner("The HyperSKU status could not be loaded");
    expect(banner.getAttribute("tone")).toBe("critical");
    expect(screen.getByText("The app did not answer. Try again in a moment.")).toBeTruthy();
    fireEvent.click(element("Try again", "s-button"));

    await screen.findByText("HyperSKU order HS-20260714-0001");
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it("asks to reload the page when the session has expired", async () => {
    renderBlock(mockFetch(new Response(null, { status: 401 })));
    await screen.findByText("Your session has expired. Reload the page, then try again.");
  });

  it("keeps the order and says so when an action cannot reach the app", async () => {
    renderBlock(mockFetch(jsonResponse({ order: buildUnsentOrder() }), new TypeError("Failed to fetch")));
    await screen.findByText("Send now");
    fireEvent.click(element("Send now", "s-button"));
    await findBanner("The app could not be reached. Try again in a moment.");
    expect(screen.getByText("Not sent to HyperSKU yet")).toBeTruthy();
  });
});
