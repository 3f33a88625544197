import { Modal } from "../components/Modal.tsx";
import { unsentQuestion } from "./unsentChanges.ts";

/** Asked before a logout that leaves work waiting: it is kept for this person, so the choice loses nothing. */
export function LogoutQuestion({
  count,
  onLogout,
  onStay,
}: {
  count: number;
  onLogout: () => void;
  onStay: () => void;
}) {
  return (
    <Modal title="Work not sent yet" onClose={onStay} className="adm logout-question">
      <p className="logout-question__text">{unsentQuestion(count)}</p>
      <div className="logout-question__actions">
        <button type="button" className="btn btn-outline" onClick={onStay}>
          Stay signed in
        </button>
        <button type="button" className="btn btn-primary" onClick={onLogout}>
          Log out
        </button>
      </div>
    </Modal>
  );
}
