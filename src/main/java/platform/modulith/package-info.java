/** How Spring Modulith finds the five modules (the top-level packages). */
package platform.modulith;
