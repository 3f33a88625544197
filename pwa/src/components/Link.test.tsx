import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Link, NavLink } from "./Link.tsx";

function Where() {
  const location = useLocation();
  return <output aria-label="where">{`${location.pathname}|${JSON.stringify(location.state)}`}</output>;
}

const renderAt = (path: string, links: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe("Link", () => {
  it("follows a click inside the app, with the state it carries, and runs the caller's onClick first", () => {
    const onClick = vi.fn();
    renderAt(
      "/",
      <Link to="/services" state={{ from: "home" }} className="btn" onClick={onClick}>
        Services
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Services" });
    expect(link).toHaveAttribute("href", "/services");
    expect(link).toHaveClass("btn");
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByLabelText("where")).toHaveTextContent('/services|{"from":"home"}');
  });

  it("leaves a click with a modifier key, or one the caller prevented, to the browser", () => {
    renderAt(
      "/",
      <>
        <Link to="/booking">Book</Link>
        <Link to="/contact" onClick={(event) => event.preventDefault()}>
          Contact
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Book" }), { ctrlKey: true });
    fireEvent.click(screen.getByRole("link", { name: "Contact" }));
    expect(screen.getByLabelText("where")).toHaveTextContent("/|null");
  });
});

describe("NavLink", () => {
  const nav = (
    <nav>
      <NavLink to="/" end className="nav__link">
        Home
      </NavLink>
      <NavLink to="/services" className="nav__link">
        Services
      </NavLink>
      <NavLink to="/services" end className="nav__link">
        All services
      </NavLink>
    </nav>
  );

  it("marks the link of the page shown, and of its sub-pages unless it is an end link", () => {
    renderAt("/services/dryer-vent-cleaning", nav);
    expect(screen.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Services" })).toHaveClass("nav__link", "active");
    expect(screen.getByRole("link", { name: "All services" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveClass("active");
  });

  it("marks Home only on the home page", () => {
    renderAt("/", nav);
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Services" })).not.toHaveClass("active");
  });

  it("does not mark a link for a page whose address merely begins like the link's", () => {
    renderAt("/services-area", nav);
    expect(screen.getByRole("link", { name: "Services" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Services" })).not.toHaveClass("active");
  });
});
