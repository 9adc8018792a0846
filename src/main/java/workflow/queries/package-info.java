/** Queries: the read side of the projection for the pages and the API; never the engine. */
package workflow.queries;
