// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { ConversationRow, TextMessageEvent } from "@contracts/texts/texts.ts";
import { useLocation, useNavigate } from "react-router-dom";
import { DataTable } from "../../components/DataTable.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { Panel } from "../../components/Panel.tsx";
import { SearchBox } from "../../components/SearchBox.tsx";
import { pagedFoot, ShowMore } from "../../components/ShowMore.tsx";
import { MessagesSwitch } from "../../components/texts/MessagesSwitch.tsx";
import { failureText } from "../../lib/http.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { listQuery, pagedLoad, usePagedList } from "../../lib/usePagedList.ts";
import { useQueryParams } from "../../lib/useQueryParams.ts";
import { CONVERSATION_COLUMNS } from "../../features/texts/conversationColumns.tsx";
import { FreshLine } from "./FreshLine.tsx";
import { useFresh } from "./useFresh.ts";
import { withLiveText } from "../../features/texts/liveRows.ts";
import { UnlinkedNumbers } from "../../features/texts/UnlinkedNumbers.tsx";
import "../../components/ListFilters.css";
import "../../features/texts/texts.css";
import "./dashboard.css";

/**
 * /dashboard/messages/texts: a conversation per customer who has texts, newest activity first, 50 at a time, with the
 * search in the URL. A text to or from a customer on screen moves their row to the top; one from a customer not
 * shown waits behind "N new — show". Texts from numbers on no customer's record are listed below, apart.
 */
export default function TextsPage() {
  const [params, change] = useQueryParams();
  const q = params.get("q") ?? "";
  const list = usePagedList<ConversationRow>("/api/conversations", listQuery({ q }));
  const { fresh, add, show } = useFresh(list);
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  useSocketEvent("textMessage", ({ message }: TextMessageEvent) => {
    // A number on no customer's record has no row here: it is listed apart (UnlinkedNumbers).
    if (list.state !== "ready" || !message.customerId) return;
    const next = withLiveText(list.rows, message);
    if (next) list.update(() => next);
    else if (!q) add();
  });

  const open = (row: ConversationRow) =>
    navigate(`/dashboard/messages/texts/${encodeURIComponent(row.customerId)}`, {
      state: { from: here, name: row.customerName },
    });

  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Messages" />
      <MessagesSwitch />
      <Panel id="texts-title" title="Texts">
        <div className="adm-filters" role="search" aria-label="Find conversations">
          <div className="adm-filters__top">
            <SearchBox
              label="Search texts"
              placeholder="Name or phone"
              value={q}
              onSearch={(text) => change({ q: text }, { replace: true })}
            />
          </div>
        </div>
        <FreshLine count={fresh} onShow={show} />
        <LoadState
          load={pagedLoad(list)}
          loading="Loading texts..."
          failed="The texts could not be loaded."
          offline="The texts are available online."
          onRetry={list.reload}
        >
          {(rows) => (
            <>
              <DataTable
                caption="Conversations by text, newest first"
                className="texts-table"
                columns={CONVERSATION_COLUMNS}
                rows={rows}
                rowKey={(c) => c.customerId}
                empty={q ? `No conversation matches "${q}".` : "No texts with customers yet."}
                actions={(c) => (
                  <button type="button" className="btn btn-outline adm-btn-small" onClick={() => open(c)}>
                    Open<span className="visually-hidden"> the texts with {c.customerName}</span>
                  </button>
                )}
              />
              <ShowMore
                {...pagedFoot(list)}
                noun="conversations"
                problem={list.error ? failureText(list.error, { otherwise: "More texts could not be loaded." }) : null}
              />
            </>
          )}
        </LoadState>
      </Panel>
      <UnlinkedNumbers />
    </div>
  );
}
