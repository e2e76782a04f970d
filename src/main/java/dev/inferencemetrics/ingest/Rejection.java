package dev.inferencemetrics.ingest;

/** Why the sample at {@code index} of a batch was not stored. */
public record Rejection(int index, String reason) {}
