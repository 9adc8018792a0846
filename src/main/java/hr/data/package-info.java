/** SQL of the employees table. */
package hr.data;
