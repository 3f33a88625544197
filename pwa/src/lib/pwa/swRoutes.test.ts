import { describe, expect, it } from "vitest";
import { isKeptWhenOpened, isPublicApiRead, isSameOriginImage, SPA_DENYLIST } from "./swRoutes.ts";

const origin = "https://clearflow.example";
const get = (path: string, headers: Record<string, string> = {}, base = origin) =>
  [new Request(base + path, { headers }), new URL(base + path), origin] as const;

describe("the service worker's cache rules", () => {
  it("caches the public reads: services, one service and the business profile", () => {
    for (const path of ["/api/services", "/api/services/air-duct-cleaning", "/api/profile"]) {
      expect(isPublicApiRead(...get(path)), path).toBe(true);
    }
  });

  it("never caches admin answers, anything sent with a token, writes or other origins", () => {
    expect(isPublicApiRead(...get("/api/bookings"))).toBe(false);
    expect(isPublicApiRead(...get("/api/bookings/b1"))).toBe(false);
    expect(isPublicApiRead(...get("/api/auth/login"))).toBe(false);
    expect(isPublicApiRead(...get("/api/services", { Authorization: "Bearer t" }))).toBe(false);
    expect(isPublicApiRead(...get("/api/services", {}, "https://evil.example"))).toBe(false);
    const post = new Request(origin + "/api/services", { method: "POST", body: "{}" });
    expect(isPublicApiRead(post, new URL(post.url), origin)).toBe(false);
  });

  it("keeps the office's screens once fetched, and no other file under that rule", () => {
    expect(isKeptWhenOpened(...get("/assets/SchedulePage-B0hmgG7J.js"))).toBe(true);
    expect(isKeptWhenOpened(...get("/assets/SchedulePage-0bwkBsv4.css"))).toBe(true);
    expect(isKeptWhenOpened(...get("/assets/socketClient-C6AT_Mx-.js"))).toBe(true);
    // Screens that say offline that they need a connection, and every precached file, are not its to keep.
    expect(isKeptWhenOpened(...get("/assets/CustomersPage-B0hmgG7J.js"))).toBe(false);
    expect(isKeptWhenOpened(...get("/assets/JobPage-DfTSN-Se.js"))).toBe(false);
    expect(isKeptWhenOpened(...get("/assets/SchedulePage-B0hmgG7J.js", {}, "https://cdn.example"))).toBe(false);
    expect(isKeptWhenOpened(...get("/api/assets/SchedulePage-B0hmgG7J.js"))).toBe(false);
    expect(isKeptWhenOpened(...get("/images/hero-home.svg"))).toBe(false);
  });

  it("caches same-origin images only", () => {
    expect(isSameOriginImage(...get("/images/services/air-duct-cleaning.svg"))).toBe(true);
    expect(isSameOriginImage(...get("/images/x.webp", {}, "https://cdn.example"))).toBe(false);
    expect(isSameOriginImage(...get("/assets/index.js"))).toBe(false);
  });

  it("answers every screen's navigation with the app shell, but not the API, Socket.IO or files", () => {
    const denied = (path: string) => SPA_DENYLIST.some((pattern) => pattern.test(path));
    for (const path of ["/", "/about", "/services/air-duct-cleaning", "/booking/dryer-vent-cleaning", "/thank-you"]) {
      expect(denied(path), path).toBe(false);
    }
    for (const path of ["/api/services", "/api", "/socket.io/", "/sw.js", "/manifest.webmanifest"]) {
      expect(denied(path), path).toBe(true);
    }
  });
});
