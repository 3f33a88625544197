import { telHref, useProfile } from "../lib/profile.tsx";

export function TopBar() {
  const profile = useProfile();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <p>
          <span className="top-bar__label">Emergency Service:</span>{" "}
          <a href={telHref(profile.phone)}>{profile.phone}</a>
        </p>
        <p>
          <span className="top-bar__label">Business Hours:</span> {profile.hoursShort}
        </p>
      </div>
    </div>
  );
}
