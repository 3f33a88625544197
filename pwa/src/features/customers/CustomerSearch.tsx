import { useEffect, useId, useState } from "react";
import type { CustomerSort } from "@contracts/customers/schemas.ts";
import { SelectField } from "../../components/form/SelectField.tsx";
import { SORT_OPTIONS } from "./listView.ts";

/** How long typing may pause before the list is asked again: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  q: string;
  sort: CustomerSort;
  onSearch: (q: string) => void;
  onSort: (sort: CustomerSort) => void;
}

/** The list's search box (sent after a pause in typing) and its order. */
export function CustomerSearch({ q, sort, onSearch, onSort }: Props) {
  const id = useId();
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // Back, forward or a link changed the search: the box shows it.
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  return (
    <form
      className="cust-search"
      role="search"
      aria-label="Customers"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="field cust-search__box">
        <label className="field-label" htmlFor={`${id}-q`}>
          Search
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Name, e-mail, phone or address"
          maxLength={200}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <SelectField
        className="cust-search__sort"
        label="Sort by"
        value={sort}
        options={SORT_OPTIONS}
        onChange={(value) => onSort(value as CustomerSort)}
      />
    </form>
  );
}
