import { Link } from "../../components/Link.tsx";

export default function NotFoundPage() {
  return (
    <section className="section">
      <div className="container status-text">
        <p className="eyebrow">Error 404</p>
        <h1>Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <p className="button-row">
          <Link to="/" className="btn btn-primary">
            Back to Home
          </Link>
          <Link to="/services" className="btn btn-outline">
            Our Services
          </Link>
          <Link to="/contact" className="btn btn-outline">
            Contact Us
          </Link>
        </p>
      </div>
    </section>
  );
}
