package dev.inferencemetrics.metrics;

import java.time.Instant;
import java.util.List;

/**
 * One page of the fleet: {@code total} deployments match the query, {@code rows} are those from {@code offset} on;
 * every figure covers {@code from}–{@code to}.
 */
public record FleetPage(Instant from, Instant to, int total, int offset, List<FleetRow> rows) {}
