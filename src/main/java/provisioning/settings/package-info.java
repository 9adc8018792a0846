/**
 * The tenant's targets (directories, bind secrets sealed) and entitlements (what a grant label
 * means on a target), as versioned documents its admin saves; every save is audited.
 */
package provisioning.settings;
