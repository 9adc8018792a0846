/**
 * Attention: finding runs that cannot go on by themselves (the reconciliation of live runs with
 * their executions) and what the admin's needs-attention page lists.
 */
package workflow.attention;
