package dev.inferencemetrics.notify;

/** How a channel is reached. */
public enum ChannelKind {
    /** POST of the documented JSON payload to a URL. */
    WEBHOOK,
    /** POST of {@code {"text": …}} to a Slack incoming-webhook URL (or any service that takes that form). */
    SLACK,
    /** An e-mail over the configured SMTP server. */
    EMAIL
}
