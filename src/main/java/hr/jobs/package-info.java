/** HR's jobs: pending starters become active on their start date. */
package hr.jobs;
