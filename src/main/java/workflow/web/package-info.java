/**
 * Web: the approver inbox, the runs pages with their HTMX action panel and reassign box, My
 * delegation, and the run and delegation API.
 */
package workflow.web;
