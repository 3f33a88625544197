// The office's tablet in the benches: Debian's Chromium at 1024×768, signed in as `session` ({ token, user }) the
// way the PWA keeps a sign-in. The caller closes the browser.
/* global localStorage -- the page has it. */
import { chromium } from "@playwright/test";
import { CHROME_ARGS } from "./lighthouse.mjs";

export async function signedInTablet(api, { token, user }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROME_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, baseURL: api.url });
  await context.addInitScript(
    (session) => {
      localStorage.setItem("token", session.token);
      localStorage.setItem("user", JSON.stringify(session.user));
    },
    { token, user },
  );
  return { browser, context };
}
