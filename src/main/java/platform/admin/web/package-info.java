/** The tenant administration's console pages (users, groups, audit) and its JSON API under /v1/admin. */
package platform.admin.web;
