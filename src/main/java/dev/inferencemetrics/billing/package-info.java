/**
 * Billing: token-metered usage per tenant, deployment and day, priced from each deployment's price history, with
 * CSV and JSON exports. Token totals come from the half-hour rollups, never from raw samples.
 */
@NullMarked
package dev.inferencemetrics.billing;

import org.jspecify.annotations.NullMarked;
