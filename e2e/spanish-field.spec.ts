// Spanish in the field: a technician whose account says Spanish works a job offline on the tablet, and every screen,
// dialog and word of the device queue is in Spanish; the same screens on a phone do not clip or overflow.
import type { Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { expect, snapshot, test } from "./fixtures.ts";
import { adminSession, assignedJob } from "./support/api.ts";
import { field, waitForServiceWorker } from "./support/pages.ts";

const photo = (name: string) => fileURLToPath(new URL(`./files/${name}`, import.meta.url));

/** Tablet first, then the same screen on a phone, for a person to look at. */
async function shoot(page: Page, name: string) {
  await snapshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await snapshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoSidewaysScroll(page);
}

/** Longer Spanish words must wrap, never push the page wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${el.textContent?.slice(0, 40)}"`),
  );
  expect(wider, "no element wider than the screen").toEqual([]);
}

test.describe("a technician who works in Spanish", () => {
  // Offline, the socket and the API calls fail by design.
  test.use({
    serviceWorkers: "allow",
    allowedErrors: [/ERR_INTERNET_DISCONNECTED|request failed|WebSocket connection|socket/],
  });

  test("with Spanish in their account, works a job offline on the tablet in Spanish", async ({
    request,
    openContext,
  }) => {
    test.slow();
    const admin = await adminSession(request);
    const { tech, who } = await assignedJob(request, admin, { tech: "Lupe", customer: "Campo" });
    // Chosen in their account, then answered by their next sign-in (what the login screen keeps on the device).
    const chosen = await request.put("/api/account/language", {
      headers: { Authorization: `Bearer ${tech.session.token}` },
      data: { locale: "es" },
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
    const { context: tablet, page: tab } = await openContext();
    await tab.setViewportSize({ width: 1024, height: 768 });
    await tab.goto("/admin/login");
    await field(tab, "Email").fill(tech.session.user.email);
    await field(tab, "Password").fill("Crawl space in Gastonia 2027");
    await tab.getByRole("button", { name: "Login" }).click();

    await expect(tab.getByRole("heading", { name: "Mis trabajos", level: 1 })).toBeVisible();
    await waitForServiceWorker(tab);
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe("es");
    await expect(tab.getByRole("button", { name: "Todo enviado" })).toBeVisible();
    const card = tab.getByRole("link", { name: new RegExp(who) });
    await expect(card).toContainText("Programado");
    await shoot(tab, "es-jobs-my-jobs");
    await card.click();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await expect(tab.getByRole("link", { name: /cómo llegar/ })).toBeVisible();
    await shoot(tab, "es-job-scheduled");

    // In the basement: no signal. Everything is kept on the tablet and said in Spanish.
    await tablet.setOffline(true);
    const waiting = (n: number) => tab.getByRole("heading", { name: `Pendiente de enviar (${n})` });
    await tab.getByRole("button", { name: "Voy en camino" }).click();
    await expect(waiting(1)).toBeVisible();
    await tab.getByRole("button", { name: "Empezar trabajo" }).click();
    await expect(waiting(2)).toBeVisible();
    await expect(tab.getByRole("button", { name: "Completar trabajo" })).toBeDisabled();
    await expect(
      tab.getByText(/^Para completar el trabajo falta: .*una foto de Antes, una foto de Después\.$/),
    ).toBeVisible();
    await tab
      .getByLabel("Nota", { exact: true })
      .fill("Mucha pelusa detrás de la secadora; se limpiaron 12 pies de ducto.");
    await tab.getByRole("button", { name: "Agregar nota" }).click();
    await expect(waiting(3)).toBeVisible();
    await tab.getByRole("button", { name: "Antes", exact: true }).click();
    await tab.getByLabel("Agregar foto").setInputFiles(photo("duct-before.jpg"));
    await expect(waiting(4)).toBeVisible();
    await expect(tab.getByRole("listitem").filter({ hasText: "Foto de Antes" }).first()).toBeVisible();
    await expect(tab.getByRole("button", { name: /4 pendientes de enviar/ })).toBeVisible();
    await shoot(tab, "es-job-offline");

    // The job as the device keeps it, after the app is opened again with no signal.
    await tab.reload();
    await expect(tab.getByRole("heading", { name: who })).toBeVisible();
    await expect(tab.getByText(/^Sin conexión: este es el trabajo tal como estaba el/)).toBeVisible();
    await expect(waiting(4)).toBeVisible();
    await tab.getByRole("button", { name: /4 pendientes de enviar/ }).click();
    // The shell's sync list (the job page's own panel has a heading of the same words).
    const syncList = tab.getByRole("region", { name: "Pendiente de enviar", exact: true });
    await expect(syncList.getByRole("heading", { name: "Pendiente de enviar (4)", level: 2 })).toBeVisible();
    await shoot(tab, "es-job-queue");

    // Signal again: sent by itself.
    await tablet.setOffline(false);
    await expect(tab.getByRole("heading", { name: /^Pendiente de enviar \(/, level: 2 })).toHaveCount(0, {
      timeout: 30_000,
    });
  });
});
