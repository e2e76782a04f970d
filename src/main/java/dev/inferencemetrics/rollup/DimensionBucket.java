package dev.inferencemetrics.rollup;

import java.time.Instant;

/** One value's rollup bucket at one resolution: the key of a dimension rollup within its deployment. */
public record DimensionBucket(DimensionValue value, Resolution resolution, Instant bucket) {}
