import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { ReactNode } from "react";
import { useProfile } from "../../lib/profile.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { formatReceived } from "../../lib/format.ts";
import { replyHref } from "./messageFormat.ts";
import { Modal } from "../../components/Modal.tsx";
import "./MessageModal.css";

interface Props {
  message: ContactMessage;
  onToggleRead: () => void;
  onClose: () => void;
}

export function MessageModal({ message: m, onToggleRead, onClose }: Props) {
  const profile = useProfile();
  const items: [string, ReactNode][] = [
    ["From", m.name],
    ["Email", <a href={`mailto:${m.email}`}>{m.email}</a>],
    ["Phone", m.phone ? <a href={`tel:${m.phone}`}>{m.phone}</a> : "—"],
    ["Service", m.service || "—"],
    ["Received", <time dateTime={m.createdAt}>{formatReceived(m.createdAt)}</time>],
    ["Message", <span className="adm-details__comment">{m.message}</span>],
  ];
  return (
    <Modal title={`Message from ${m.name}`} onClose={onClose} className="adm">
      <DetailList items={items} />
      <div className="adm-message-actions">
        <a className="btn btn-primary" href={replyHref(m, profile.name)}>
          Reply by e-mail
        </a>
        <button type="button" className="btn btn-outline" onClick={onToggleRead}>
          {m.read ? "Mark as unread" : "Mark as read"}
        </button>
      </div>
    </Modal>
  );
}
