import { PAGE_DATA_ID, type PageData } from "@contracts/common/page-data.ts";
import { createContext, type ReactNode, useContext } from "react";
import { afterPageHydration } from "./hydration.ts";

/** On the server, the answers the page is rendered with (entry-prerender.tsx). */
const Served = createContext<PageData | null>(null);

export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <Served.Provider value={data}>{children}</Served.Provider>;
}

/** In the browser, the page's data block, read once and let go once the page has hydrated (undefined: not read). */
let fromHtml: PageData | null | undefined;
let lettingGo = false;

function readBlock(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

/** True when the page came with the server's answers. */
function hasPageData(): boolean {
  if (fromHtml === undefined) fromHtml = readBlock();
  return fromHtml !== null;
}

/**
 * The browser's answer of `apiPath` from the data block: good for the render that takes the page over only (asked
 * during it, after mountApp began the hydration); later ones, another visit to the same address in the app, read the
 * server as any other screen does.
 */
function fromBlock(apiPath: string): unknown {
  if (!hasPageData()) return undefined;
  if (!lettingGo) {
    lettingGo = true;
    void afterPageHydration().then(() => {
      fromHtml = null;
    });
  }
  return fromHtml?.[apiPath];
}

/**
 * The answer of `apiPath` the page was rendered with, if it was: on the server from the renderer, in the browser from
 * the page's data block until the page has hydrated. Give it to useLoad as `initial`.
 */
export function usePageData<T>(apiPath: string): T | undefined {
  const served = useContext(Served);
  if (served) return served[apiPath] as T | undefined;
  return (typeof document === "undefined" ? undefined : fromBlock(apiPath)) as T | undefined;
}

/** Tests only: the next read looks at the document again, as a newly opened page does. */
export function readPageDataAgainForTests(): void {
  fromHtml = undefined;
  lettingGo = false;
}
