import type { ReactNode } from "react";
import "./portal.css";

/** The customer's pages: one narrow column, phone first. */
export function PortalFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section portal">
      <div className="container portal__inner">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
