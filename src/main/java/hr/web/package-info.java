/** HR pages and JSON API: hire, transfer, offboard, list. */
package hr.web;
