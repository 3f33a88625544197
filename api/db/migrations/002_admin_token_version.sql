-- Raised by logout, a password change and a new ADMIN_PASSWORD at start: tokens carry the version they were
-- issued at, and one naming an older version is refused, so a copied token stops working.
alter table admin_users add column token_version integer not null default 1;
