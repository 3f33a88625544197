import { defineMessages } from "@contracts/i18n/messages.ts";
import type { ReactNode } from "react";
import { Link } from "../../components/Link.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";

const messages = defineMessages({ back: { id: "field.job.back", defaultMessage: "← My Jobs" } });

/** The job screen's header, with the way back to My Jobs: drawn while the job and its panels load, and after. */
export function JobHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslator();
  return (
    <PageHeader
      className="job__header"
      title={title}
      back={
        <Link to="/jobs" className="job__back">
          {t(messages.back)}
        </Link>
      }
      actions={children}
    />
  );
}
