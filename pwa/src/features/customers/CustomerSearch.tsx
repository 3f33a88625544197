import type { CustomerSort } from "@contracts/customers/schemas.ts";
import { SearchBox } from "../../components/SearchBox.tsx";
import { SelectField } from "../../components/form/SelectField.tsx";
import { SORT_OPTIONS } from "./listView.ts";

interface Props {
  q: string;
  sort: CustomerSort;
  onSearch: (q: string) => void;
  onSort: (sort: CustomerSort) => void;
}

/** The list's search box (sent after a pause in typing) and its order. */
export function CustomerSearch({ q, sort, onSearch, onSort }: Props) {
  return (
    <div className="cust-search" role="search" aria-label="Customers">
      <SearchBox value={q} onSearch={onSearch} label="Search" placeholder="Name, e-mail, phone or address" />
      <SelectField
        className="cust-search__sort"
        label="Sort by"
        value={sort}
        options={SORT_OPTIONS}
        onChange={(value) => onSort(value as CustomerSort)}
      />
    </div>
  );
}
