/**
 * The object store's adapters (a directory, an S3-compatible bucket), chosen and checked at startup
 * from {@code OBJECTSTORE_*}, its readiness check {@code objectstore} and its startup gate.
 */
package platform.objectstore;
