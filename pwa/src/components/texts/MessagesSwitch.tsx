import { NavLink } from "../Link.tsx";
import "./MessagesSwitch.css";

/** Messages' two views, each at its own address: the visitors' contact messages, and the texts with customers. */
export function MessagesSwitch() {
  return (
    <nav className="msg-switch" aria-label="Messages">
      <NavLink to="/dashboard/messages" end className="msg-switch__link">
        Contact messages
      </NavLink>
      <NavLink to="/dashboard/messages/texts" className="msg-switch__link">
        Texts
      </NavLink>
    </nav>
  );
}
