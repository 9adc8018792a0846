/** The admin's Mail page: the tenant's notifications by status, and a retry for failed ones. */
package notifications.web;
