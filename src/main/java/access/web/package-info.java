/** The access module's console pages, navigation, inbox contribution and JSON API. */
package access.web;
