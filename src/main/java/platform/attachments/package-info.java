/**
 * Attachments ({@link platform.Attachments}): the upload's spooling with its size limit and SHA-256,
 * the type sniffed from its bytes, the sanitised file name, the metadata rows, and the orphan sweep
 * ({@link platform.AttachmentMaintenance}).
 */
package platform.attachments;
