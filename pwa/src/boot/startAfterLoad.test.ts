import { describe, expect, it, vi } from "vitest";
import { afterLoadAndPaint, bootModules, preloadModules, type BootTarget } from "./startAfterLoad.ts";

/** A window whose load event, frames and timers run only when the test says so. */
function fakeWindow(readyState: DocumentReadyState, { idleCallbacks = true } = {}) {
  const loads: (() => void)[] = [];
  const reaches: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const target: BootTarget = {
    document: { readyState },
    addEventListener: (type, listener) => void (type === "load" ? loads : reaches).push(listener),
    requestAnimationFrame: (callback) => void frames.push(callback),
    setTimeout: (callback) => void timers.push(callback),
    ...(idleCallbacks && { requestIdleCallback: (callback: () => void) => void idles.push(callback) }),
  };
  const flush = (queue: (() => void)[]) => queue.splice(0).forEach((run) => run());
  return {
    target,
    load: () => flush(loads),
    frame: () => flush(frames),
    timer: () => flush(timers),
    idle: () => flush(idles),
    /** The visitor touches, types or tabs into the page. */
    reach: () => flush(reaches),
  };
}

describe("the boot of a prerendered page", () => {
  it("starts the app only after the load event, then a frame, a task of its own and an idle moment", () => {
    const win = fakeWindow("interactive");
    const start = vi.fn();
    afterLoadAndPaint(win.target, start);

    win.frame();
    win.timer();
    win.idle();
    expect(start).not.toHaveBeenCalled();
    win.load();
    win.timer();
    win.idle();
    expect(start).not.toHaveBeenCalled();
    win.frame();
    win.idle();
    expect(start).not.toHaveBeenCalled();
    win.timer();
    expect(start).not.toHaveBeenCalled();
    win.idle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts at once, and only once, when the visitor reaches for the page before it has loaded", () => {
    const win = fakeWindow("interactive");
    const start = vi.fn();
    afterLoadAndPaint(win.target, start);

    win.reach();
    expect(start).toHaveBeenCalledTimes(1);
    win.load();
    win.frame();
    win.timer();
    win.idle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("does not wait for a load event that has already happened", () => {
    const win = fakeWindow("complete");
    const start = vi.fn();
    afterLoadAndPaint(win.target, start);

    win.frame();
    win.timer();
    win.idle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts right after the frame where the browser has no idle callbacks (Safari)", () => {
    const win = fakeWindow("complete", { idleCallbacks: false });
    const start = vi.fn();
    afterLoadAndPaint(win.target, start);

    win.frame();
    expect(start).not.toHaveBeenCalled();
    win.timer();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("reads the entry and the chunks to preload from its script's attributes", () => {
    const script = document.createElement("script");
    script.setAttribute("data-entry", "/assets/index-a.js");
    script.setAttribute("data-preload", " /assets/store-b.js  /assets/BookingPage-c.js ");
    expect(bootModules(script)).toEqual({
      entry: "/assets/index-a.js",
      preload: ["/assets/store-b.js", "/assets/BookingPage-c.js"],
    });
  });

  it("starts nothing when its script names no entry", () => {
    expect(bootModules(null)).toBeNull();
    expect(bootModules(document.createElement("script"))).toBeNull();
  });

  it("preloads each chunk as a module, with the same CORS mode as the entry's import", () => {
    preloadModules(document, ["/assets/store-b.js", "/assets/BookingPage-c.js"]);
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]"));
    expect(links.map((link) => [link.getAttribute("href"), link.getAttribute("crossorigin")])).toEqual([
      ["/assets/store-b.js", ""],
      ["/assets/BookingPage-c.js", ""],
    ]);
    links.forEach((link) => link.remove());
  });
});
