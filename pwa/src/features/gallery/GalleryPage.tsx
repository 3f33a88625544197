import { useState } from "react";
import { Link } from "../../components/Link.tsx";
import { Modal } from "../../components/Modal.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { useProfile } from "../../lib/profile.tsx";
import { GALLERY_CATEGORIES, GALLERY_ITEMS, type GalleryCategory, type GalleryItem } from "./galleryItems.ts";
import "./GalleryPage.css";

export default function GalleryPage() {
  const profile = useProfile();
  const [filter, setFilter] = useState<GalleryCategory | "all">("all");
  const [open, setOpen] = useState<GalleryItem | null>(null);
  const items = filter === "all" ? GALLERY_ITEMS : GALLERY_ITEMS.filter((i) => i.category === filter);
  const categoryLabel = (c: GalleryCategory) => GALLERY_CATEGORIES.find((x) => x.value === c)?.label ?? c;

  return (
    <>
      <PageHero
        title="Our Work"
        intro={`A look at recent jobs across ${profile.serviceArea}: homes, businesses, dryer vents and HVAC systems.`}
        breadcrumb={[{ to: "/", label: "Home" }, { label: "Gallery" }]}
      />
      <section className="section" aria-label="Gallery">
        <div className="container">
          <div className="gallery-filter" role="group" aria-label="Filter by category">
            {GALLERY_CATEGORIES.map((c) => (
              <button
                key={c.value}
                type="button"
                className="gallery-filter__btn"
                aria-pressed={filter === c.value}
                onClick={() => setFilter(c.value)}
              >
                {c.label}
              </button>
            ))}
          </div>
          <p className="visually-hidden" role="status">
            {items.length} projects shown
          </p>
          <ul className="gallery-grid">
            {items.map((item) => (
              <li key={item.id} className="card gallery-item">
                <img src={item.image} alt={item.title} width={640} height={400} loading="lazy" decoding="async" />
                <div className="gallery-item__body">
                  <p className="gallery-item__tag">{categoryLabel(item.category)}</p>
                  <h2>{item.title}</h2>
                  <p>{item.description}</p>
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`View larger: ${item.title}`}
                    onClick={() => setOpen(item)}
                  >
                    View Larger
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <p className="gallery-cta">
            Like what you see? <Link to="/booking">Book your cleaning</Link> today.
          </p>
        </div>
      </section>
      {open && (
        <Modal title={open.title} onClose={() => setOpen(null)} size="large">
          <img className="gallery-large" src={open.image} alt={open.title} width={640} height={400} />
          <p className="gallery-large__text">{open.description}</p>
        </Modal>
      )}
    </>
  );
}
