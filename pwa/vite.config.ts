/// <reference types="vitest/config" />
import { build, createServer, defineConfig, type AliasOptions, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BusinessProfile } from "../api/contracts/settings/profile.ts";
import { DEFAULT_PROFILE } from "../api/contracts/settings/profile.ts";
import { fillProfileTemplate, PROFILE_TEMPLATE } from "../api/contracts/settings/profile-template.ts";
import { shortMessageIds } from "./build/shortMessageIds.ts";
import { staffKit } from "./build/staffKit.ts";
import { treeShakeReactRouter } from "./build/treeShakeReactRouter.ts";
import { DOCUMENT_PAGE_MODULES, PUBLIC_PAGES } from "./src/app/publicPages.ts";
import { BOOT_ATTRIBUTES } from "./src/boot/startAfterLoad.ts";
import { KEPT_WHEN_OPENED } from "./src/lib/pwa/swRoutes.ts";
import type { PrerenderedPage } from "./src/entry-prerender.tsx";

const root = fileURLToPath(new URL(".", import.meta.url));
const TEST_FILES = "src/**/*.test.{ts,tsx}";
/** The test files that need a process of their own (see `test.projects`), relative to `root`. */
const OWN_PROCESS_TEST_FILES = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join("src", file))
  .filter((file) => /vi\.mock\(|new (Blob|File)\(/.test(readFileSync(join(root, file), "utf8")));
const packageFile = (path: string) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));
const apiTarget = process.env.API_URL ?? "http://localhost:8080";

// Every page reads these (layout: profile, navigation and footer services).
const SHARED_DATA = ["/api/profile", "/api/services"];

// Deep imports (`@contracts/bookings/pricing.ts`) keep schemas out of chunks that only need a rule.
const alias: AliasOptions = [
  { find: /^@contracts\//, replacement: fileURLToPath(new URL("../api/contracts/", import.meta.url)) },
  // The client's own one-file ES build: loaded after the first row (lib/socket.ts), it needs none of the bundler's
  // helpers, which the package's many modules did and which then became one more chunk that every page loaded.
  {
    find: /^socket\.io-client$/,
    replacement: fileURLToPath(new URL("../node_modules/socket.io-client/dist/socket.io.esm.min.js", import.meta.url)),
  },
];

// The footer's year in prerendered pages, which hydration must find again (Footer.tsx).
const define = { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) };

const EMPTY_ROOT = '<div id="root"></div>';

/** The app's entry chunk (rollup input `index`), by its file's name. */
const ENTRY_FILE = /(^|\/)index-[\w-]+\.js$/;

// The boot module of prerendered pages: a second entry of the build, which no other module imports.
const BOOT = "src/boot/boot.ts";

/** `renderPage` of src/entry-prerender.tsx, loaded through Vite (TSX, CSS imports, aliases) in this process. */
async function loadPrerender(): Promise<{
  renderPage: (path: string, profile: BusinessProfile) => Promise<PrerenderedPage>;
  close: () => Promise<void>;
}> {
  const server = await createServer({
    configFile: false,
    root,
    plugins: [react()],
    resolve: { alias },
    define,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const module = (await server.ssrLoadModule("/src/entry-prerender.tsx")) as typeof import("./src/entry-prerender.tsx");
  return { renderPage: module.renderPage, close: () => server.close() };
}

/**
 * Writes `<route>/index.html` for each public page (the API serves a directory's index.html): the shell plus
 * preload hints for that page's lazy chunk, its CSS and its first API reads, so they download alongside the entry
 * instead of after it has run, and the page itself rendered into `#root`, so it paints before any script has run.
 * A page rendered here loads no app code before it has painted (decision 0039): its entry script and module
 * preloads give way to the boot module, which fetches the same chunks once the page has loaded.
 * The empty shell goes to shell.html, which the server and the service worker answer for every other address.
 * No inline script: the CSP forbids them.
 */
function routePreloads(): Plugin {
  return {
    name: "clearflow:route-preloads",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const boot = chunks.find((chunk) => chunk.facadeModuleId === join(root, BOOT));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk !== boot);
      if (!boot || !entry) throw new Error("route-preloads: the build has no boot module or no app entry");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk's file and CSS and those of its static imports, minus what the entry already loads. */
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        const chunk = byFile.get(file);
        if (!chunk || seen.has(file)) return seen;
        seen.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
        for (const imported of chunk.imports) closure(imported, seen);
        return seen;
      };
      const loadedByEntry = closure(entry.fileName);
      const shell = readFileSync(join(outDir, "index.html"), "utf8");
      if (!shell.includes(EMPTY_ROOT)) throw new Error(`route-preloads: no ${EMPTY_ROOT} in index.html`);
      const dataHints = (urls: string[]) =>
        urls.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`);
      const withHints = (hints: string[]) => shell.replace("</head>", `\n    ${hints.join("\n    ")}\n  </head>`);
      const entryScript = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
      const modulePreload = /\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g;
      if (!shell.includes(entryScript)) throw new Error(`route-preloads: no ${entryScript} in index.html`);
      /** The shell's entry script and module preloads replaced by the boot module, told to load them after paint. */
      const withBoot = (html: string, pageChunks: string[]) => {
        const preload = [...[...html.matchAll(modulePreload)].map((match) => match[1]!), ...pageChunks];
        const bootScript =
          `<script type="module" crossorigin src="/${boot.fileName}" ${BOOT_ATTRIBUTES.entry}="/${entry.fileName}"` +
          ` ${BOOT_ATTRIBUTES.preload}="${preload.map((file) => `/${file}`).join(" ")}"></script>`;
        return html.replace(modulePreload, "").replace(entryScript, () => bootScript);
      };
      writeFileSync(join(outDir, "shell.html"), withHints(dataHints(SHARED_DATA)));
      const prerender = await loadPrerender();
      try {
        const pageFiles = (page: string) => {
          const chunk = chunks.find((item) => item.facadeModuleId === join(root, page));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${page}`);
          const files = [...closure(chunk.fileName)].filter((file) => !loadedByEntry.has(file));
          return {
            css: files.filter((file) => file.endsWith(".css")),
            js: files.filter((file) => !file.endsWith(".css")),
          };
        };
        // The document pages' templates: the server renders the page into `#root`, with the document's data.
        for (const [template, page] of Object.entries(DOCUMENT_PAGE_MODULES)) {
          const { css, js } = pageFiles(page);
          const html = withHints(css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`));
          const target = join(outDir, "documents", `${template}.html`);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, withBoot(html, js));
        }
        for (const { path, page, data = [], prerender: render = true } of PUBLIC_PAGES) {
          const { css, js } = pageFiles(page);
          // The page's CSS is needed for its first paint; its code, on a prerendered page, is not.
          const hints = [
            ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
            ...(render ? [] : js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)),
            ...dataHints([...SHARED_DATA, ...data]),
          ];
          let html = withHints(hints);
          if (render) {
            // With the profile's marks: the server fills them with the profile it runs with.
            const { head, root: markup } = await prerender.renderPage(path, PROFILE_TEMPLATE);
            // Functions, so that a "$" in the page's text is never read as a replacement pattern.
            html = withBoot(html, js)
              .replace("</head>", () => `  ${head}\n  </head>`)
              .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
          }
          const target = join(outDir, path, "index.html");
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, html);
        }
      } finally {
        await prerender.close();
      }
      await buildServerRenderer(join(outDir, "server"));
    },
  };
}

/**
 * The renderer of src/entry-prerender.tsx as one module the API imports (server/render.js): everything bundled, for
 * a web worker's runtime (web streams, no Node built-ins), which Deno is. CSS imports are the browser's concern.
 */
async function buildServerRenderer(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    plugins: [react()],
    resolve: { alias, conditions: ["worker", "browser", "import", "module", "default"] },
    define,
    logLevel: "warn",
    publicDir: false,
    ssr: { noExternal: true, target: "webworker" },
    build: {
      ssr: "src/entry-prerender.tsx",
      outDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: "render.js", codeSplitting: false } },
    },
  });
}

/** The dev server has no API in front of index.html to fill its profile marks: it shows the default profile. */
function devProfile(): Plugin {
  return {
    name: "clearflow:dev-profile",
    apply: "serve",
    transformIndexHtml: (html) => fillProfileTemplate(html, DEFAULT_PROFILE),
  };
}

// The staff app's own files: out of every install's precache, into the staff kit of staff devices (decision 0099).
const kit = staffKit(join(root, "src/app/shell/StaffShell.tsx"));

const pwa = VitePWA({
  // Our own worker (src/sw.ts) built from workbox modules; the plugin only compiles it and injects the precache list.
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  // We register with workbox-window from the bundle: no inline script, so a strict CSP can forbid them.
  injectRegister: false,
  manifest: {
    id: "/",
    // The server names the app after its own profile when it serves this file (api/http/pwa-static.ts).
    name: DEFAULT_PROFILE.name,
    short_name: DEFAULT_PROFILE.shortName,
    description: "Book air duct, dryer vent and HVAC cleaning in a few taps, even on a weak connection.",
    lang: "en-US",
    theme_color: "#0b4f6c",
    background_color: "#ffffff",
    display: "standalone",
    // The installed app opens on a route that sends staff to their own screen (the shell) and everyone else (a
    // customer who installed the site to book) to the home page. `id` stays "/": installs made before keep theirs.
    start_url: "/app",
    scope: "/",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      {
        name: "Book a cleaning",
        short_name: "Book",
        url: "/booking",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
      {
        name: "Dashboard",
        short_name: "Dashboard",
        url: "/dashboard",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
    ],
  },
  // The glob below already lists the icons; the plugin would add them a second time.
  includeManifestIcons: false,
  injectManifest: {
    // Every lazy route chunk and public image is precached, so each public screen opens offline after one visit.
    // No webmanifest here: the plugin lists the manifest it writes itself.
    globPatterns: ["**/*.{js,css,html,svg,png,webp,ico}"],
    // The staff app's files are marked: the worker keeps them only where staff sign in (lib/pwa/staffKit.ts).
    manifestTransforms: [kit.transform],
    // The pages' own HTML files: the worker answers every address but "/" with shell.html, so they would never be
    // read from the cache (and, prerendered, they weigh about 100 KB together). Reports: its charts (180 KB) would
    // ride along on every visitor's install, for a screen that needs the server anyway (decision 0034). The manage,
    // invitation, unsubscribe, estimate and invoice pages do nothing without the server either: offline they say so
    // (decision 0037). Nor do the portal's sign-in and rating links, or moving a visit; the portal's own page and
    // reports are kept, so their last view opens with no signal (decision 0056).
    globIgnores: [
      "*/**/index.html",
      // The install icons are the browser's to fetch when it installs (icon-192 stays: a notification shows it), and
      // so is the home-screen icon of Safari's "Add to Home Screen".
      // The gallery's and the pages' own pictures stay precached: a visitor who opened only the home page sees the
      // gallery offline (decision 0075, amended). The services' pictures are the services' data (an admin may set a
      // service's own image): the worker keeps those the services name when it fetches the services on activation
      // (sw.ts, decision 0086).
      "icons/icon-512.png",
      "icons/icon-maskable-512.png",
      "apple-touch-icon.png",
      "images/services/**",
      // The server's: the document pages' renderer and their templates.
      "server/**",
      "documents/**",
      // Reports and its charts (a chunk of their own, loaded after the figures): the office's, and the server's.
      "assets/ReportsPage-*.{js,css}",
      "assets/ChartCanvas-*.js",
      // The office's screens: kept once opened (lib/pwa/swRoutes.ts, decision 0075), not with every install.
      ...KEPT_WHEN_OPENED.map((chunk) => `assets/${chunk}-*.{js,css}`),
      "assets/ManageBookingPage-*.{js,css}",
      "assets/InvitePage-*.{js,css}",
      "assets/UnsubscribePage-*.{js,css}",
      "assets/EstimatePage-*.{js,css}",
      "assets/InvoicePage-*.{js,css}",
      "assets/SignInLinkPage-*.{js,css}",
      "assets/RatePage-*.{js,css}",
      "assets/MoveForm-*.{js,css}",
      // A refund is the server's to record, after a recent sign-in: offline there is nothing it could do.
      "assets/RefundDialog-*.js",
      // So is a cancelled job's deposit, refunded or kept as the office says (decision 0090): the dialog asks online.
      "assets/CancelJobDialog-*.{js,css}",
      // The customers' list and record (with what only they share): they read the server for every row and say so
      // offline; their chunks cannot load then, and the shell says the screen needs a connection (decision 0063).
      "assets/CustomersPage-*.{js,css}",
      "assets/CustomerPage-*.{js,css}",
      "assets/BookVisitDialog-*.{js,css}",
      "assets/CustomerFormDialog-*.{js,css}",
      "assets/PropertyFormDialog-*.{js,css}",
      // Memberships (the customer record's panel, the member's plan on their page): read from the server, and the
      // member's shown only online.
      "assets/MembershipsPanel-*.{js,css}",
      "assets/MemberPlans-*.{js,css}",
      // The plans on sale, joined only online (the payment page is the provider's).
      "assets/JoinPlan-*.{js,css}",
      "assets/planText-*.js",
      // Messages: offline the list was "available online" already (decision 0061); now the shell says so.
      "assets/MessagesPage-*.{js,css}",
      // Texts with customers (the list, a conversation, the customer page's panel): sent and read through the server.
      "assets/TextsPage-*.{js,css}",
      "assets/ConversationPage-*.{js,css}",
      "assets/CustomerTexts-*.{js,css}",
      "assets/MessagesSwitch-*.{js,css}",
      // The conversations' bubbles, shared by the texts screens above (the texts-*.js chunk is the booking form's).
      "assets/texts-*.css",
      // A technician's working hours: read from and saved to the server, so offline the dialog says so instead.
      "assets/HoursModal-*.js",
      // One's own sign-in (two-step setup with its QR code library, devices): nothing to do there offline.
      "assets/TwoStepPage-*.{js,css}",
      "assets/DevicesPage-*.{js,css}",
      // The step-up dialog opens on a server's answer, a person's devices and the sign-in policy are read from it.
      "assets/StepUpDialog-*.js",
      "assets/StaffDevicesModal-*.js",
      "assets/SecuritySettings-*.js",
      // Passkeys: adding, renaming or removing one, and signing in with one, need the server; so does the WebAuthn
      // library both load (lib/webauthn.ts).
      "assets/PasskeysPage-*.{js,css}",
      "assets/webauthn-*.js",
    ],
  },
});

export default defineConfig({
  root,
  // Vitest does not build, and the PWA plugin has nothing to do there.
  plugins: [
    react(),
    ...(process.env.VITEST
      ? []
      : [
          treeShakeReactRouter(),
          shortMessageIds(join(root, "src/i18n/en")),
          routePreloads(),
          kit.plugin,
          pwa,
          devProfile(),
        ]),
  ],
  resolve: { alias },
  define,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the site supports knows `modulepreload` (Chromium 66, Safari 17, Firefox 115): the polyfill was
    // code on every page's first load that never did anything.
    modulePreload: {
      polyfill: false,
      // The entry's lazy screens preload their CSS only (decision 0102). Their JS imports are found when the screen's
      // chunk is parsed, one round trip later, and come from the worker's cache once it is installed; listing every
      // screen's files with their hashes in the entry cost every page's first load 1 KB.
      resolveDependencies: (_file, deps, { hostType, hostId }) =>
        hostType === "js" && ENTRY_FILE.test(hostId) ? deps.filter((dep) => dep.endsWith(".css")) : deps,
    },
    rollupOptions: {
      input: { index: join(root, "index.html"), boot: join(root, BOOT) },
      output: {
        // A form's field, its select and the press-outside hook (the date field's calendar) in one chunk: the booking
        // form needs all three, and the office's screens import each on its own, which split them into chunks of a
        // few hundred bytes that /booking paid for one by one (decision 0063). Only these modules: their dependencies
        // (React) stay where the automatic chunking puts them. The texts' consent words join them: the form shows them,
        // and a chunk of their own cost /booking another file.
        codeSplitting: {
          groups: [
            {
              name: "form",
              test: /components[\\/]form[\\/](Select)?Field\.tsx$|lib[\\/]usePressOutside\.ts$|contracts[\\/]texts[\\/]texts\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The date rules and the days' names: out of the entry (the home page needs neither), one chunk for the
            // pages that do (the booking form, the estimate, the portal) rather than two.
            {
              name: "dates",
              test: /contracts[\\/](schedule[\\/]dates|common[\\/](days|bounded-cache))\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The office's status changes with the sync list's hooks, which every staff screen loads: the booking's
            // details import them too (cancelling a job with its deposit), which otherwise split them into a file of
            // their own that the entry named, bytes on every page.
            {
              name: "hooks",
              test: /lib[\\/](pwa[\\/]hooks|offline-queue[\\/]adminStatusQueue)\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
  test: {
    root,
    environment: "happy-dom",
    setupFiles: ["src/test/setup.ts"],
    // In a VM context Node resolves packages for `require` first: react-router-dom's CommonJS build then requires
    // react-router's ES modules and fails. Their ES builds, as the app's bundle uses them.
    alias: [
      { find: /^react-router-dom$/, replacement: packageFile("react-router-dom/dist/index.mjs") },
      { find: /^react-router\/dom$/, replacement: packageFile("react-router/dist/development/dom-export.mjs") },
      { find: /^react-router$/, replacement: packageFile("react-router/dist/development/index.mjs") },
    ],
    server: { deps: { inline: ["react-router", "react-router-dom"] } },
    restoreMocks: true,
    // Whole-form tests type dozens of keys; a loaded 2-core machine needs more than the 5 s default.
    testTimeout: 20_000,
    // One worker a core. Vitest's default leaves one core to the runner, which on two cores means one worker: the
    // suite took 116 s alone where two workers take 67 s, with no more CPU.
    maxWorkers: availableParallelism(),
    // A process, module graph and DOM of its own for every file cost three times the CPU of the tests themselves
    // (decision 0092). Most files run in a VM context of their own inside workers that keep the libraries loaded;
    // a file that replaces a module (vi.mock) or keeps a Blob in IndexedDB (structuredClone of a Blob from another
    // realm) keeps a process of its own.
    projects: [
      { extends: true, test: { name: "own-process", pool: "forks", include: OWN_PROCESS_TEST_FILES } },
      {
        extends: true,
        test: { name: "vm", pool: "vmForks", include: [TEST_FILES], exclude: OWN_PROCESS_TEST_FILES },
      },
    ],
  },
});
