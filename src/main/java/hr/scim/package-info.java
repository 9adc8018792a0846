/**
 * HR's SCIM 2.0 inbound endpoint ({@code /scim/v2}): an HR system (or Entra's API-driven inbound
 * provisioning payloads) pushes users with the enterprise extension; every write goes through
 * {@link hr.EmployeeService} with source {@code scim}. Plain Jackson, no SCIM framework (docs/scim.md).
 */
package hr.scim;
