package dev.inferencemetrics.alert;

/** Where an alert stands: its condition holds but not yet for long enough, it fires, or it is over. */
public enum AlertState {
    PENDING,
    FIRING,
    RESOLVED
}
