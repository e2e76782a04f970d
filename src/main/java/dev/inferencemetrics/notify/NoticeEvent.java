package dev.inferencemetrics.notify;

/** Which message of an alert: it started firing, or it is resolved. */
public enum NoticeEvent {
    FIRING,
    RESOLVED
}
