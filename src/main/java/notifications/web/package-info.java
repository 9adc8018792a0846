/** The admin's Mail page (the tenant's notifications by status, a retry for failed ones) and the admin API's list with filters. */
package notifications.web;
