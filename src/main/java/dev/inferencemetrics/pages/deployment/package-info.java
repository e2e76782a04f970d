/**
 * A deployment's page: its Metrics, Overview, Import and Sources tabs. Other features plug into it through the
 * interfaces in {@code deployment.ui.page} and {@code metrics.ui} (tabs, sections, chart bands, interval details,
 * Metrics tab tools), so the page knows them only through those and their services.
 */
@NullMarked
package dev.inferencemetrics.pages.deployment;

import org.jspecify.annotations.NullMarked;
