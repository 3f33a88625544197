import { useEffect, useState } from "react";
import { portalPhoto } from "./api.ts";

/** A report's photo, fetched with the customer's session and kept on the device. */
export function PortalPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    portalPhoto(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <span className="portal-photo portal-photo--missing">Photo not available offline</span>;
  return src ? (
    <img className="portal-photo" src={src} alt={alt} loading="lazy" />
  ) : (
    <span className="portal-photo portal-photo--loading" role="img" aria-label={`${alt} (loading)`} />
  );
}
