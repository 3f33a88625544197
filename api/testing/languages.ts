import assert from "node:assert/strict";
import type { RequestOptions, TestContext } from "./context.ts";

/**
 * The same request sent twice, as a page in English sends it (no Accept-Language) and as a Spanish page does
 * (`Accept-Language: es`, lib/http.ts): both answered with `status`, their messages returned to compare.
 */
export async function messagesInBoth(
  ctx: TestContext,
  method: string,
  path: string,
  status: number,
  options: RequestOptions = {},
): Promise<{ en: string; es: string }> {
  const sent = async (headers: Record<string, string>) => {
    const res = await ctx.request<{ message: string }>(method, path, {
      ...options,
      headers: { ...options.headers, ...headers },
    });
    assert.equal(res.status, status, `${method} ${path}: ${JSON.stringify(res.body)}`);
    return res.body.message;
  };
  return { en: await sent({}), es: await sent({ "Accept-Language": "es" }) };
}
