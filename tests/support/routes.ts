/** Calls route loaders and actions directly, turning thrown Responses into returned ones. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

type RouteFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

export async function callRoute(fn: RouteFunction, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    const result = await fn({ request, params, context: {} });
    if (result instanceof Response) return result;
    return Response.json(result ?? null);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
