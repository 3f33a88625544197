import type { AnchorHTMLAttributes } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from "react-router-dom";

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link the router follows without reloading the page. React Router's own `Link` carries the data router's
 * prefetching (`prefetch`, `discover`), which a declarative router never uses and which every page downloaded
 * (remix-run/react-router#14058, decision 0044). The click itself is the router's `useLinkClickHandler`: a click with a
 * modifier key, another mouse button or a `target` stays with the browser, as with the router's `Link`.
 */
export function Link({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    />
  );
}

/**
 * A navigation link that says when it leads to the page shown: class `active` and `aria-current="page"`, as React
 * Router's `NavLink` does. It matches that page's sub-pages too unless `end` is set; `/` matches only itself.
 */
export function NavLink({ end = false, className, ...link }: LinkProps & { end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(link.to).pathname.toLowerCase();
  const active = here === path || (!end && path !== "/" && here.startsWith(path.endsWith("/") ? path : `${path}/`));
  return (
    <Link
      {...link}
      className={active ? [className, "active"].filter(Boolean).join(" ") : className}
      aria-current={active ? "page" : undefined}
    />
  );
}
