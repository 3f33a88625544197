import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { mountApp } from "./app/mountApp.ts";
import { loadStaffShell, STAFF_PATH } from "./app/routes.tsx";
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
mountApp(root, app, { createRoot, hydrateRoot });

// The worker registration (workbox-window) and the device queue's loop (IndexedDB) are their own chunk, loaded once the
// page has painted: the queued writes still leave as soon as the page is idle.
whenIdle(() => {
  import("./lib/pwa/initPwa.ts")
    .then(({ startPwaBackground }) => startPwaBackground())
    .catch((error: unknown) => console.error("Could not start the offline features", error));
});
