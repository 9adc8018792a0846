/**
 * Effects: a grant change planned as rows (one per change, target and operation) and worked by
 * the dispatcher in order per (employee, target), with fenced, leased claims, backoff for hours
 * and read-back receipts.
 */
package provisioning.effects;
