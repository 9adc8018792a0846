/** Support: neutral helpers every room may use (JDBC row reading); depends on no other room. */
package workflow.support;
