/**
 * A deployment's page: its Metrics, Overview, Import and Sources tabs, and the points where other features plug in
 * (extra tabs such as SLOs and alerts, sections, chart bands, Metrics tab tools, details of a chart interval).
 */
@NullMarked
package dev.inferencemetrics.deployment.ui.page;

import org.jspecify.annotations.NullMarked;
