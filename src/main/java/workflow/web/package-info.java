/** Web: the approver inbox, the runs pages with their HTMX action panel, and the run API. */
package workflow.web;
