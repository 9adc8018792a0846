/** The demo's access catalog and its requests, one in every state. */
package access.demo;
