/**
 * The event catalog: every production event is an immutable record permitted by
 * {@link outbox.catalog.CatalogEvent}; that {@code permits} list is the catalog. Publishing
 * modules build these records and consuming modules receive them, so {@code hr} and
 * {@code workflow} depend on this package and never on each other.
 */
@org.springframework.modulith.NamedInterface("catalog")
package outbox.catalog;
