package dev.inferencemetrics.rollup;

/** How a request that did not end ok ended, as rollups count it. */
public enum FailedStatus {
    ERROR,
    TIMEOUT,
    CANCELLED
}
