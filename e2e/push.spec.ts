// Web push on a staff device: the service worker shows the notification of a push and a tap opens the
// booking. The push is delivered by the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service
// would deliver it to the browser; the server's own sending (encryption, VAPID) is tested against a local receiver
// in api/push/push.test.ts.
import type { Page } from "@playwright/test";
import { noticeLine } from "../api/contracts/outbox/push.ts";
import { SERVICE_NAMES } from "../api/contracts/services/catalog.ts";
import { expect, snapshot, test } from "./fixtures.ts";
import { createBooking, signIn } from "./support/api.ts";
import { uniqueEmail, uniqueName } from "./support/data.ts";
import { openDashboard } from "./support/dashboard.ts";
import { waitForServiceWorker } from "./support/pages.ts";

// The worker is what this tests (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.ready)
      .getNotifications()
      .then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))),
  );

test("a push shows a notification, and tapping it opens the booking in the dashboard", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const customer = uniqueName("Pushed");
  const booking = await createBooking(request, { lastName: customer, email: uniqueEmail("push") });
  await signIn(context, request);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await openDashboard(page);
  await waitForServiceWorker(page);
  // Offered in the menu, never asked for on load.
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  for (const [width, height, name] of [
    [390, 844, "390"],
    [1024, 768, "1024"],
    [1280, 800, "1280"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await snapshot(page, `dashboard-notifications-${name}`);
  }

  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${new URL(baseURL!).origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  // What the server sends for a new booking (api/push/outbox.ts).
  const line = noticeLine(booking, SERVICE_NAMES[booking.serviceType]!);
  const deliver = () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(baseURL!).origin,
      registrationId,
      data: JSON.stringify({
        title: "New booking",
        body: line,
        url: `/dashboard?booking=${booking._id}`,
        tag: `booking-${booking._id}`,
      }),
    });
  // A push the protocol hands over while the worker is still starting can be dropped, where a push service would
  // deliver it again: deliver until it shows. Each delivery is given time to show first: one sent again while the
  // first was still on its way showed after the tap, a second notification where the tap had closed the first.
  await expect(async () => {
    await deliver();
    await expect.poll(() => notifications(page), { timeout: 8_000 }).not.toEqual([]);
  }).toPass({ timeout: 45_000 });
  await expect
    .poll(() => notifications(page))
    .toEqual([
      {
        title: "New booking",
        body: line,
        tag: `booking-${booking._id}`,
        data: { url: `/dashboard?booking=${booking._id}` },
      },
    ]);

  // The tap: the worker's notificationclick handler, run in the worker (no protocol command clicks a notification).
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(async () => {
    type Click = new (type: string, init: { notification: Notification }) => Event;
    const sw = self as unknown as { registration: ServiceWorkerRegistration; NotificationEvent: Click } & EventTarget;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?booking=${booking._id}$`));
  const details = page.getByRole("dialog", { name: "Booking Details" });
  await expect(details).toContainText(customer);
  await expect.poll(() => notifications(page)).toEqual([]);
  await snapshot(page, "dashboard-opened-from-notification-1280");
});
