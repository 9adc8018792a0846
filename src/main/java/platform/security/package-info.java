/** Users and login, Spring Security chains for pages and API, demo users. */
package platform.security;
