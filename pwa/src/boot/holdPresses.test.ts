import { afterEach, describe, expect, it, vi } from "vitest";
import { holdPressesUntilHydrated } from "./holdPresses.ts";

// The test's own listener on the document, taken off after each test (the document outlives the file).
let listening = new AbortController();
afterEach(() => {
  // A test that never lets go leaves its listener on the document.
  window.__clearflowPageHydrated?.();
  document.body.innerHTML = "";
  listening.abort();
  listening = new AbortController();
});

/** A button with a handler of its own (as React's would be once hydrated) and a form around it. */
function page() {
  document.body.innerHTML = `<form><button id="menu" type="button"><svg></svg></button><button id="send">Send</button><a id="link" href="#x">x</a></form>`;
  const clicks: string[] = [];
  const submits = vi.fn((event: Event) => event.preventDefault());
  document.addEventListener("click", (event) => clicks.push((event.target as Element).closest("button, a")!.id), {
    signal: listening.signal,
  });
  document.querySelector("form")!.addEventListener("submit", submits);
  const el = (id: string) => document.getElementById(id)!;
  return { clicks, submits, el };
}

describe("button presses before the page has hydrated", () => {
  it("reach nothing, and the last one is pressed again once the app says the page has hydrated", () => {
    const { clicks, submits, el } = page();
    holdPressesUntilHydrated(window);
    el("menu")
      .querySelector("svg")!
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    el("send").click();
    el("menu").click();
    expect(clicks).toEqual([]);
    expect(submits).not.toHaveBeenCalled();

    window.__clearflowPageHydrated!();
    expect(clicks).toEqual(["menu"]);
    expect(window.__clearflowPageHydrated).toBeUndefined();
    // From then on, a press goes straight through, once.
    el("send").click();
    expect(clicks).toEqual(["menu", "send"]);
    expect(submits).toHaveBeenCalledTimes(1);
  });

  it("leave links alone", () => {
    const { clicks, el } = page();
    holdPressesUntilHydrated(window);
    el("link").click();
    expect(clicks).toEqual(["link"]);
  });

  it("are let go once: the app's second call (a remount) presses nothing again", () => {
    const { clicks, el } = page();
    holdPressesUntilHydrated(window);
    el("menu").click();
    window.__clearflowPageHydrated?.();
    window.__clearflowPageHydrated?.();
    expect(clicks).toEqual(["menu"]);
  });

  it("let go press nothing when nothing was pressed", () => {
    const { clicks } = page();
    holdPressesUntilHydrated(window);
    window.__clearflowPageHydrated!();
    expect(clicks).toEqual([]);
  });

  it("press nothing again when hydration replaced the button", () => {
    const { clicks, el } = page();
    holdPressesUntilHydrated(window);
    el("menu").click();
    el("menu").replaceWith(el("menu").cloneNode(true));
    window.__clearflowPageHydrated!();
    expect(clicks).toEqual([]);
  });
});
