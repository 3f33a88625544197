// Window side of the PWA: service worker registration, install offer, online state, and React hooks over them.
export { registerServiceWorker, applyUpdate, updateReady } from "./serviceWorker.ts";
export { captureInstallPrompt, promptInstall, installAvailable } from "./installPrompt.ts";
export { useInstallAvailable, useOnline, usePublicWriteItems, useStatusChanges, useUpdateReady } from "./hooks.ts";
export { initPwa } from "./initPwa.ts";
export { forgetCachedService } from "./publicCache.ts";
