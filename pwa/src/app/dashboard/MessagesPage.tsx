import "../../styles/staff.css";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import { useState } from "react";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { Panel } from "../../components/Panel.tsx";
import { SearchBox } from "../../components/SearchBox.tsx";
import { pagedFoot, ShowMore } from "../../components/ShowMore.tsx";
import { MessagesSwitch } from "../../components/texts/MessagesSwitch.tsx";
import { markMessageRead } from "../../features/messages/api.ts";
import { MessageModal } from "../../features/messages/MessageModal.tsx";
import { MessagesList } from "../../features/messages/MessagesList.tsx";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { unreadChanged } from "../../lib/unreadMessages.ts";
import { listQuery, pagedLoad, usePagedList } from "../../lib/usePagedList.ts";
import { useQueryParams } from "../../lib/useQueryParams.ts";
import { FreshLine } from "./FreshLine.tsx";
import { useFresh } from "./useFresh.ts";
import "../../components/ListFilters.css";
import "./dashboard.css";

const READ_FILTERS: [string, string][] = [
  ["", "All messages"],
  ["false", "Unread"],
  ["true", "Read"],
];

/**
 * /dashboard/messages: the visitors' contact messages, newest first, 50 at a time, with the search and the
 * read/unread filter in the URL. A message arriving live waits behind "N new — show".
 */
export default function MessagesPage() {
  const [params, change] = useQueryParams();
  const q = params.get("q") ?? "";
  const read = ["true", "false"].includes(params.get("read") ?? "") ? params.get("read")! : "";
  const list = usePagedList<ContactMessage>("/api/contact", listQuery({ q, read }));
  const { fresh, add, show } = useFresh(list);
  const [openId, setOpenId] = useState<string | null>(null);
  const { update } = list;

  useSocketEvent("contactMessage", (message) => {
    if (list.state === "ready" && read !== "true" && !list.rows.some((m) => m._id === message._id)) add();
  });

  /** Optimistic: the row changes at once and goes back if the server refuses. */
  const setRead = async (message: ContactMessage, value: boolean) => {
    if (message.read === value) return;
    const put = (m: ContactMessage) => update((rows) => rows.map((r) => (r._id === m._id ? m : r)));
    put({ ...message, read: value });
    try {
      put(await markMessageRead(message._id, value));
    } catch (error) {
      console.error("Marking the message failed", error);
      put(message);
    }
    unreadChanged();
  };
  const opened = list.rows.find((m) => m._id === openId) ?? null;

  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Messages" />
      <MessagesSwitch />
      <Panel id="messages-title" title="Contact messages">
        <div className="adm-filters" role="search" aria-label="Find messages">
          <div className="adm-filters__top">
            <SearchBox
              label="Search messages"
              placeholder="Name, e-mail or words"
              value={q}
              onSearch={(text) => change({ q: text }, { replace: true })}
            />
            <label className="adm-filters__field">
              <span className="adm-filters__label">Show</span>
              <select className="input" value={read} onChange={(e) => change({ read: e.target.value })}>
                {READ_FILTERS.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <FreshLine count={fresh} onShow={show} />
        <LoadState
          load={pagedLoad(list)}
          loading="Loading messages..."
          failed="The messages could not be loaded."
          offline="The messages are available online."
          onRetry={list.reload}
        >
          {() => (
            <>
              <MessagesList
                messages={list.rows}
                status="loaded"
                empty={q || read ? "No messages match this view." : undefined}
                onOpen={(message) => {
                  setOpenId(message._id);
                  void setRead(message, true);
                }}
              />
              <ShowMore {...pagedFoot(list)} noun="messages" />
            </>
          )}
        </LoadState>
      </Panel>
      {opened && (
        <MessageModal
          message={opened}
          onToggleRead={() => void setRead(opened, !opened.read)}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
