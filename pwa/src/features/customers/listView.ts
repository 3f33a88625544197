import { CUSTOMER_SORTS, type CustomerSort } from "@contracts/customers/schemas.ts";

/** The list's sorts, in the words of the office. */
export const SORT_OPTIONS: readonly { value: CustomerSort; label: string }[] = [
  { value: "name", label: "Name, A to Z" },
  { value: "-name", label: "Name, Z to A" },
  { value: "-lastVisit", label: "Last visit, latest first" },
  { value: "lastVisit", label: "Last visit, oldest first" },
  { value: "-created", label: "Newest customers first" },
  { value: "created", label: "Oldest customers first" },
];

export const DEFAULT_SORT: CustomerSort = "name";

/** What the list shows, read from its URL: a pasted link or the back button gives the same view. */
export function readListView(params: URLSearchParams): { q: string; sort: CustomerSort } {
  const sort = params.get("sort");
  return {
    q: params.get("q")?.trim() ?? "",
    sort: (CUSTOMER_SORTS as readonly string[]).includes(sort ?? "") ? (sort as CustomerSort) : DEFAULT_SORT,
  };
}
