import { describe, expect, it } from "vitest";
import { staffOnlyFiles, type ChunkNode } from "../../../build/staffKit.ts";
import { dropOld, keepKit, splitManifest, STAFF_KIT_CACHE } from "./staffKit.ts";

const chunk = (fileName: string, parts: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  css: [],
  ...parts,
});

describe("the staff kit's files, from the build's chunk graph", () => {
  const shell = "/app/src/app/shell/StaffShell.tsx";
  const graph = [
    chunk("index.js", { isEntry: true, imports: ["shared.js"], dynamicImports: ["Home.js", "Shell.js", "Portal.js"] }),
    chunk("boot.js", { isEntry: true }),
    chunk("Home.js", { css: ["Home.css"] }),
    chunk("Portal.js", { imports: ["visit.js"] }),
    chunk("shared.js"),
    chunk("visit.js"),
    chunk("Shell.js", { facadeModuleId: shell, css: ["Shell.css"], dynamicImports: ["Jobs.js", "Bookings.js"] }),
    chunk("Jobs.js", { imports: ["visit.js", "job.js"], css: ["Jobs.css"] }),
    chunk("job.js"),
    chunk("Bookings.js", { imports: ["shared.js"] }),
  ];

  it("holds what only the staff shell reaches, with its CSS", () => {
    expect([...staffOnlyFiles(graph, shell)].sort()).toEqual(
      ["Bookings.js", "Jobs.css", "Jobs.js", "Shell.css", "Shell.js", "job.js"].sort(),
    );
  });

  it("leaves out what a public page reaches too, however the staff screens import it", () => {
    const files = staffOnlyFiles(graph, shell);
    for (const file of ["index.js", "shared.js", "visit.js", "Home.js", "Home.css", "Portal.js"]) {
      expect(files.has(file), file).toBe(false);
    }
  });

  it("refuses a build without the staff shell rather than mark nothing", () => {
    expect(() => staffOnlyFiles(graph, "/app/src/Missing.tsx")).toThrow(/no chunk/);
  });
});

/** The worker's Cache Storage, in memory: what the kit's functions read and write. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (store: Map<string, Response>) =>
    ({
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      put: async (request: RequestInfo | URL, response: Response) => void store.set(String(request), response),
      delete: async (request: RequestInfo | URL) =>
        store.delete(typeof request === "object" && "url" in request ? request.url : String(request)),
    }) as unknown as Cache;
  const storage = {
    has: async (name: string) => stores.has(name),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
  } as unknown as CacheStorage;
  return { storage, kept: (name = STAFF_KIT_CACHE) => [...(stores.get(name)?.keys() ?? [])].sort() };
}

describe("the worker's staff kit", () => {
  const origin = "https://clearflow.example";
  const v1 = [`${origin}/assets/Jobs-aaaa1111.js`, `${origin}/assets/Shell-bbbb2222.js`];
  const v2 = [`${origin}/assets/Jobs-cccc3333.js`, `${origin}/assets/Shell-bbbb2222.js`];

  it("splits the manifest: the marked entries are the kit, the rest every install's precache", () => {
    const { everyone, kit } = splitManifest(
      [
        { url: "index.html", revision: "1" },
        { url: "assets/Jobs-aaaa1111.js", revision: null, kit: "staff" },
      ],
      origin,
    );
    expect(everyone).toEqual([{ url: "index.html", revision: "1" }]);
    expect(kit).toEqual([`${origin}/assets/Jobs-aaaa1111.js`]);
  });

  it("fetches only the files not kept yet, and keeps an older build's until the new one takes over", async () => {
    const { storage, kept } = memoryCaches();
    const fetched: string[] = [];
    const fetcher = (async (url: string) => {
      fetched.push(url);
      return new Response("code");
    }) as unknown as typeof fetch;
    await keepKit(storage, v1, fetcher);
    await keepKit(storage, v2, fetcher);
    expect(fetched).toEqual([...v1, v2[0]]);
    expect(kept()).toEqual([...new Set([...v1, ...v2])].sort());
    await dropOld(storage, v2);
    expect(kept()).toEqual([...v2].sort());
  });

  it("fails when a file cannot be fetched, so an install is tried again rather than go without it", async () => {
    const { storage } = memoryCaches();
    const fetcher = (async () => new Response("gone", { status: 404 })) as unknown as typeof fetch;
    await expect(keepKit(storage, v1, fetcher)).rejects.toThrow(/404/);
  });

  it("makes no kit where staff never signed in: dropping old files creates no cache", async () => {
    const { storage } = memoryCaches();
    await dropOld(storage, v1);
    expect(await storage.has(STAFF_KIT_CACHE)).toBe(false);
  });
});
