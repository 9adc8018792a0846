/**
 * Preferences: each user's choice per kind (immediate, in the daily digest, or off), the rule of what
 * may be chosen, and the signed one-click unsubscribe links that turn one kind off without a sign-in.
 */
package notifications.preferences;
