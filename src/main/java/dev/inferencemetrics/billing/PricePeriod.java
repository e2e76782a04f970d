package dev.inferencemetrics.billing;

import java.time.Instant;

/** A price in a deployment's history: in effect from {@code effectiveFrom} until the next one. */
public record PricePeriod(Instant effectiveFrom, TokenPrice price) {}
