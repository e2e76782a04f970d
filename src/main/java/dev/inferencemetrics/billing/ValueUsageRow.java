package dev.inferencemetrics.billing;

import org.jspecify.annotations.Nullable;

/**
 * A usage row of the requests with one value of a dimension: {@code value} is the value, {@link
 * dev.inferencemetrics.rollup.DimensionValue#OTHER} for the values past a day's cap, or null for the requests that
 * named none.
 */
record ValueUsageRow(@Nullable String value, UsageRow usage) {}
