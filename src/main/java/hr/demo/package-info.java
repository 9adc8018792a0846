/** HR's part of the embedded demo: the demo tenants' triggers. */
package hr.demo;
