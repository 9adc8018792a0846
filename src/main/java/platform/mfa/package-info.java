/**
 * A second factor for local-password users: TOTP (RFC 6238) enrolment with a QR code, recovery
 * codes shown once, the code asked after the password, a tenant ADMIN's policy that requires it
 * for ADMINs or everyone, and the HTTP Basic refusal for users with a factor (they use API tokens).
 * The secrets are sealed through {@link platform.mfa.TotpSecrets}.
 */
package platform.mfa;
