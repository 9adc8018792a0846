/** The Temporal client and worker wiring (remote cluster or the in-process test server) and its health check. */
package platform.temporal;
