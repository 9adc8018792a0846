/** The attachments' upkeep as a job: the orphan sweep of the object store. */
package jobs.attachments;
