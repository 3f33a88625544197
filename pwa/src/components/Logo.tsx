/** The brand mark: an airflow swirl in a duct ring (same drawing as /logo.svg and /favicon.svg). */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#0b4f6c" />
      <circle cx="24" cy="24" r="15" fill="none" stroke="#8fd3ea" strokeWidth="3" />
      <path
        d="M12 21c5-5 10 3 15-1s7-4 9-1M12 28c5-5 10 3 15-1s7-4 9-1"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="36" cy="13" r="4" fill="#f28c28" />
    </svg>
  );
}
