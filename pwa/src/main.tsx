import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app/App.tsx";
import { mountApp } from "./app/mountApp.ts";
import { whenIdle } from "./lib/idle.ts";
import { embeddedProfile } from "./lib/profile.tsx";
import { captureInstallPrompt } from "./lib/pwa/installPrompt.ts";
import "./styles/global.css";

// Before the first render: the install offer can fire early.
captureInstallPrompt();

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
