/**
 * The points where other features plug into a deployment's page: extra tabs such as SLOs and alerts, sections below
 * the Metrics tab, chart bands and details of a chart interval. The page itself lives in {@code pages.deployment}.
 */
@NullMarked
package dev.inferencemetrics.deployment.ui.page;

import org.jspecify.annotations.NullMarked;
