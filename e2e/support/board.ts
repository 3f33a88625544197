// The dispatch board as a keyboard user drives it: a card picked up with Space, carried lane by lane with the arrows
// until the board's announcement names the lane, and dropped with Space.
import { expect, type Locator, type Page } from "@playwright/test";

/** The board's live region: what a screen reader hears while a card is carried. */
export const boardAnnouncement = (page: Page) => page.locator("#board-said");

/** Picks `card` up with Space, and returns once the board listens for the keys that carry it. */
export async function pickUp(page: Page, card: Locator): Promise<void> {
  await card.focus();
  await page.keyboard.press("Space");
  await expect(boardAnnouncement(page)).toContainText("Picked up");
  // The keyboard sensor starts listening for the arrows in a timer it sets as the card is picked up, and Chromium
  // runs input before timers: a timer set now runs after the sensor's, so the first arrow is never lost.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Carries `card` to `lane` at its own time (`rowsDown` slots later), stepping right until the announcement names the
 * lane: each step waits for the board to say where the card is, so lanes a live read adds meanwhile are stepped too.
 */
export async function carryByKeyboard(page: Page, card: Locator, lane: string, time: string): Promise<void> {
  const said = boardAnnouncement(page);
  await pickUp(page, card);
  for (let steps = 0; !((await said.textContent()) ?? "").startsWith(`${lane}, `); steps++) {
    expect(steps, `the board reaches ${lane}`).toBeLessThan(40);
    const before = (await said.textContent()) ?? "";
    await page.keyboard.press("ArrowRight");
    await expect(said).not.toHaveText(before);
  }
  await expect(said).toContainText(`${lane}, `);
  for (let steps = 0; !((await said.textContent()) ?? "").includes(`${lane}, ${time}`); steps++) {
    expect(steps, `the board reaches ${time}`).toBeLessThan(14);
    const before = (await said.textContent()) ?? "";
    await page.keyboard.press("ArrowDown");
    await expect(said).not.toHaveText(before);
  }
  await page.keyboard.press("Space");
  await expect(said).toContainText(`on ${lane}, ${time}.`);
}
