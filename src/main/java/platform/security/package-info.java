/** Users and login (the sign-in page and where each role lands), Spring Security chains for pages and API, demo users. */
package platform.security;
