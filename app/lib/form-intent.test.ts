import { parseIntent, requireIntent } from "./form-intent";

const INTENTS = ["send", "retry"] as const;

function formWith(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

async function thrownBy(run: () => unknown): Promise<Response> {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a thrown Response");
}

describe("parseIntent", () => {
  it("accepts only the listed intents, exactly", () => {
    expect(parseIntent("send", INTENTS)).toBe("send");
    expect(parseIntent("retry", INTENTS)).toBe("retry");
    expect(parseIntent("Send", INTENTS)).toBeNull();
    expect(parseIntent("delete", INTENTS)).toBeNull();
    expect(parseIntent(null, INTENTS)).toBeNull();
    expect(parseIntent(["send"], INTENTS)).toBeNull();
  });
});

describe("requireIntent", () => {
  it("returns the form's intent when it is listed", () => {
    expect(requireIntent(formWith([["intent", "retry"]]), INTENTS)).toBe("retry");
  });

  it("answers an unknown intent with a 400 naming it", async () => {
    const response = await thrownBy(() => requireIntent(formWith([["intent", "delete"]]), INTENTS));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Unknown action "delete"');
  });

  it("answers a missing intent with the same 400", async () => {
    const response = await thrownBy(() => requireIntent(formWith([["id", "1"]]), INTENTS));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Unknown action "null"');
  });
});
