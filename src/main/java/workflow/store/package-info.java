/** Store: the run, stage, action, grant and delegation tables, one repository per table and role; SQL only, no decisions. */
package workflow.store;
