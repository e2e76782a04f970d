/**
 * Service-level objectives of a deployment ("95 % of requests with TTFT ≤ 500 ms"), their error budgets and burn
 * rates, counted from the rollups' in-threshold fractions; ui/ has the budget card and burn-down chart.
 */
@NullMarked
package dev.inferencemetrics.slo;

import org.jspecify.annotations.NullMarked;
