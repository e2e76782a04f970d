/**
 * Notifications of alerts: channels (JSON webhook, Slack-compatible webhook, e-mail) per tenant or global, and the
 * deliveries of firing and resolved messages, written with the state change they announce and sent with retries.
 */
@NullMarked
package dev.inferencemetrics.notify;

import org.jspecify.annotations.NullMarked;
