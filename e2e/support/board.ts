// The dispatch board as a keyboard user drives it: a card picked up with Space, carried lane by lane with the arrows
// until the board's announcement names the lane, and dropped with Space.
import { expect, type Locator, type Page } from "@playwright/test";

/** The board's live region: what a screen reader hears while a card is carried. */
export const boardAnnouncement = (page: Page) => page.locator("#board-said");

/**
 * Carries `card` to `lane` at its own time (`rowsDown` slots later), stepping right until the announcement names the
 * lane: each step waits for the board to say where the card is, so lanes a live read adds meanwhile are stepped too.
 */
export async function carryByKeyboard(page: Page, card: Locator, lane: string, time: string): Promise<void> {
  const said = boardAnnouncement(page);
  await card.focus();
  await page.keyboard.press("Space");
  await expect(said).toContainText("Picked up");
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
