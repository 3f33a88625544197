/**
 * A person-readable name for the device of a user agent ("Chrome on Android", "Safari on iPad"): what the devices
 * list shows, and what a new-device e-mail names. Not a fingerprint: two tablets of one model share a name.
 */
export function deviceName(userAgent: string): string {
  const ua = userAgent.slice(0, 500);
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /(Firefox|FxiOS)\//.test(ua)
        ? "Firefox"
        : /(Chrome|CriOS|Chromium)\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const os = /iPad/.test(ua)
    ? "iPad"
    : /iPhone/.test(ua)
      ? "iPhone"
      : /Android/.test(ua)
        ? "Android"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /Mac OS X|Macintosh/.test(ua)
              ? "macOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}
