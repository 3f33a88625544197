import { useEffect, useState } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { portalPhoto } from "./api.ts";

const m = defineMessages({
  missing: { id: "public.portal.photo.missing", defaultMessage: "Photo not available offline" },
  loading: { id: "public.portal.photo.loading", defaultMessage: "{alt} (loading)" },
});

/** A report's photo, fetched with the customer's session and kept on the device. */
export function PortalPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useTranslator();
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
  if (failed) return <span className="portal-photo portal-photo--missing">{t(m.missing)}</span>;
  return src ? (
    <img className="portal-photo" src={src} alt={alt} loading="lazy" />
  ) : (
    <span className="portal-photo portal-photo--loading" role="img" aria-label={t(m.loading, { alt })} />
  );
}
