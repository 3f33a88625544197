import { useEffect, useRef, useState } from "react";
import "./SearchBox.css";

/** How long typing pauses before the search goes to the server. */
export const SEARCH_SETTLE_MS = 300;

interface Props {
  /** The search as the URL holds it. */
  value: string;
  /** Called once typing pauses, with the text as typed. */
  onSearch: (text: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * A list's search box: what is typed shows at once, and goes to `onSearch` once typing pauses. When the URL's
 * search changes by itself (Back, a pasted link), the box shows it.
 */
export function SearchBox({ value, onSearch, label, placeholder }: Props) {
  const [draft, setDraft] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setDraft(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const type = (text: string) => {
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setGiven(text.trim());
      onSearch(text.trim());
    }, SEARCH_SETTLE_MS);
  };

  // Leaving the box (a click on a row's button) sends what was typed at once: a search still waiting would otherwise
  // land after the click and take the screen back to the list.
  const settleNow = () => {
    clearTimeout(timer.current);
    if (draft.trim() !== given) {
      setGiven(draft.trim());
      onSearch(draft.trim());
    }
  };

  return (
    <label className="search-box">
      <span className="visually-hidden">{label}</span>
      <svg className="search-box__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <input
        type="search"
        className="input search-box__input"
        value={draft}
        placeholder={placeholder}
        onChange={(e) => type(e.target.value)}
        onBlur={settleNow}
      />
    </label>
  );
}
