package dev.inferencemetrics.rollup;

/** A rollup delta of one deployment's requests with one value of one dimension, at one resolution. */
public record DimensionRollup(DimensionValue value, Resolution resolution, RequestRollup rollup) {}
