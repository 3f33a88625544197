import type { Plugin } from "vite";
import { STAFF_KIT } from "../src/lib/pwa/staffKit.ts";

/** A precache manifest entry as workbox-build hands it to a transform. */
interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** The chunk graph the bundle gives: each chunk's file, CSS and the chunks it imports, statically or lazily. */
export interface ChunkNode {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  css: string[];
}

/**
 * The files only the staff app loads: every chunk the staff shell reaches (statically or lazily) that no entry
 * reaches without passing through the shell, with its CSS. A visitor or a customer never loads them.
 */
export function staffOnlyFiles(chunks: ChunkNode[], shellModule: string): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const shell = chunks.find((chunk) => chunk.facadeModuleId === shellModule);
  if (!shell) throw new Error(`staff-kit: no chunk for ${shellModule}`);
  const reach = (starts: ChunkNode[], skip?: ChunkNode) => {
    const seen = new Set<ChunkNode>();
    const stack = [...starts];
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (seen.has(chunk) || chunk === skip) continue;
      seen.add(chunk);
      for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
        const next = byFile.get(file);
        if (next) stack.push(next);
      }
    }
    return seen;
  };
  const everyone = reach(
    chunks.filter((chunk) => chunk.isEntry),
    shell,
  );
  const everyonesFiles = new Set([...everyone].flatMap((chunk) => [chunk.fileName, ...chunk.css]));
  return new Set(
    [...reach([shell])]
      .filter((chunk) => !everyone.has(chunk))
      .flatMap((chunk) => [chunk.fileName, ...chunk.css])
      .filter((file) => !everyonesFiles.has(file)),
  );
}

/**
 * The staff kit (decision 0099): the staff app's own files leave the precache that every install downloads, and are
 * marked in the worker's manifest so that the worker keeps them on the devices staff sign in on (lib/pwa/staffKit.ts).
 * The plugin reads the bundle's chunk graph; the transform, given to the PWA plugin, marks the manifest's entries.
 */
export function staffKit(shellModule: string) {
  let files: Set<string> | null = null;
  const plugin: Plugin = {
    name: "clearflow:staff-kit",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: ChunkNode[] = Object.values(bundle).flatMap((item) =>
        item.type === "chunk"
          ? [
              {
                fileName: item.fileName,
                facadeModuleId: item.facadeModuleId,
                isEntry: item.isEntry,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                css: [...(item.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      files = staffOnlyFiles(chunks, shellModule);
    },
  };
  const transform = async (entries: ManifestEntry[]) => {
    if (files === null) throw new Error("staff-kit: the manifest came before the bundle's chunk graph");
    const kit = files;
    return {
      manifest: entries.map((entry) => (kit.has(entry.url) ? { ...entry, kit: STAFF_KIT } : entry)),
      warnings: [],
    };
  };
  return { plugin, transform };
}
