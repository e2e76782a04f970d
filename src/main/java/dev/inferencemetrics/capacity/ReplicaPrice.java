package dev.inferencemetrics.capacity;

import java.math.BigDecimal;

/** What one replica costs per hour, in a currency: what a monthly cost of a plan is counted from. */
public record ReplicaPrice(BigDecimal perHour, String currency) {}
