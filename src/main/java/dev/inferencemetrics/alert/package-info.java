/**
 * Alerts: rules on a deployment's SLO burn rates (multi-window, multi-burn-rate) and KV-cache use, evaluated every
 * minute by one instance at a time, with their state, history, silences and acknowledgements; ui/ has the pages.
 */
@NullMarked
package dev.inferencemetrics.alert;

import org.jspecify.annotations.NullMarked;
