import { useState } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
import { Modal } from "../../components/Modal.tsx";
import { PageHero } from "../../components/PageHero.tsx";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { useProfileInLanguage } from "../../lib/profile.tsx";
import { GALLERY_CATEGORIES, GALLERY_ITEMS, type GalleryCategory, type GalleryItem } from "./galleryItems.ts";
import "./GalleryPage.css";

const messages = defineMessages({
  title: { id: "public.gallery.title", defaultMessage: "Our Work" },
  intro: {
    id: "public.gallery.intro",
    defaultMessage: "A look at recent jobs across {area}: homes, businesses, dryer vents and HVAC systems.",
  },
  home: { id: "public.crumb.home", defaultMessage: "Home" },
  gallery: { id: "public.gallery.gallery", defaultMessage: "Gallery" },
  filter: { id: "public.gallery.filter", defaultMessage: "Filter by category" },
  shown: { id: "public.gallery.shown", defaultMessage: "{count} projects shown" },
  viewLarger: { id: "public.gallery.viewLarger", defaultMessage: "View Larger" },
  viewLargerOf: { id: "public.gallery.viewLargerOf", defaultMessage: "View larger: {title}" },
  like: { id: "public.gallery.like", defaultMessage: "Like what you see?" },
  book: { id: "public.gallery.book", defaultMessage: "Book your cleaning" },
  today: { id: "public.gallery.today", defaultMessage: "today." },
});

export default function GalleryPage() {
  const profile = useProfileInLanguage();
  const { t } = useTranslator();
  const [filter, setFilter] = useState<GalleryCategory | "all">("all");
  const [open, setOpen] = useState<GalleryItem | null>(null);
  const items = filter === "all" ? GALLERY_ITEMS : GALLERY_ITEMS.filter((i) => i.category === filter);
  const categoryLabel = (c: GalleryCategory) => {
    const category = GALLERY_CATEGORIES.find((x) => x.value === c);
    return category ? t(category.label) : c;
  };

  return (
    <>
      <PageHero
        title={t(messages.title)}
        intro={t(messages.intro, { area: profile.serviceArea })}
        breadcrumb={[{ to: "/", label: t(messages.home) }, { label: t(messages.gallery) }]}
      />
      <section className="section" aria-label={t(messages.gallery)}>
        <div className="container">
          <div className="gallery-filter" role="group" aria-label={t(messages.filter)}>
            {GALLERY_CATEGORIES.map((c) => (
              <button
                key={c.value}
                type="button"
                className="gallery-filter__btn"
                aria-pressed={filter === c.value}
                onClick={() => setFilter(c.value)}
              >
                {t(c.label)}
              </button>
            ))}
          </div>
          <p className="visually-hidden" role="status">
            {t(messages.shown, { count: items.length })}
          </p>
          <ul className="gallery-grid">
            {items.map((item) => {
              const title = t(item.title);
              return (
                <li key={item.id} className="card gallery-item">
                  <img src={item.image} alt={title} width={640} height={400} loading="lazy" decoding="async" />
                  <div className="gallery-item__body">
                    <p className="gallery-item__tag">{categoryLabel(item.category)}</p>
                    <h2>{title}</h2>
                    <p>{t(item.description)}</p>
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-label={t(messages.viewLargerOf, { title })}
                      onClick={() => setOpen(item)}
                    >
                      {t(messages.viewLarger)}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="gallery-cta">
            {t(messages.like)} <Link to="/booking">{t(messages.book)}</Link> {t(messages.today)}
          </p>
        </div>
      </section>
      {open && (
        <Modal title={t(open.title)} onClose={() => setOpen(null)} size="large">
          <img className="gallery-large" src={open.image} alt={t(open.title)} width={640} height={400} />
          <p className="gallery-large__text">{t(open.description)}</p>
        </Modal>
      )}
    </>
  );
}
