import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { mountApp } from "./app/mountApp.ts";
import { loadStaffShell, STAFF_PATH } from "./app/routes.tsx";
import { afterPageHydration } from "./lib/hydration.ts";
import { loadTranslator } from "./lib/i18n/I18nProvider.tsx";
import { currentLocale } from "./lib/i18n/locale.ts";
import { whenIdle } from "./lib/idle.ts";
import { embeddedProfile } from "./lib/profile.tsx";
import { captureInstallPrompt } from "./lib/pwa/installPrompt.ts";
import { getToken } from "./lib/session.ts";
import "./styles/global.css";

// Before the first render: the install offer can fire early.
captureInstallPrompt();

// Signed in at a staff address: the staff shell's chunk (which starts the screen's own) leaves now, not once the app
// has rendered down to it.
if (STAFF_PATH.test(window.location.pathname) && getToken()) loadStaffShell().catch(() => undefined);

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App profile={embeddedProfile() ?? undefined} />
    </BrowserRouter>
  </StrictMode>
);
// The public pages' HTML is English; a customer's page the server rendered is in the customer's language. A page in
// the language to show is taken over as it is (its texts loaded first, when Spanish); one in another language is
// rendered anew once the texts are here, rather than hydrated and then swapped line by line.
const locale = currentLocale();
// `<html lang>`: the language the page's HTML is written in ("en", or the customer's as the server wrote it).
const replace = locale !== document.documentElement.lang;
document.documentElement.lang = locale;
void (
  locale === "en"
    ? Promise.resolve()
    : loadTranslator(locale, STAFF_PATH.test(window.location.pathname) ? "field" : "public").catch((error: unknown) =>
        console.error("Could not load the texts", error),
      )
).then(() => mountApp(root, app, { createRoot, hydrateRoot }, { replace }));

// The worker registration (workbox-window) and the device queue's loop (IndexedDB) are their own chunk, loaded once the
// page is React's and the main thread is idle: on a prerendered page, hydration first (the page answers taps), then
// these, so that they never lengthen its tasks. Queued writes still leave within a second or two of the page's start.
// A page left for a staff screen before it hydrated never says so: 10 s is the backstop, as for the boot's held taps.
const PWA_BACKSTOP_MS = 10_000;
void Promise.race([afterPageHydration(), new Promise((resolve) => setTimeout(resolve, PWA_BACKSTOP_MS))]).then(() =>
  whenIdle(() => {
    import("./lib/pwa/initPwa.ts")
      .then(({ startPwaBackground }) => startPwaBackground())
      .catch((error: unknown) => console.error("Could not start the offline features", error));
  }),
);
