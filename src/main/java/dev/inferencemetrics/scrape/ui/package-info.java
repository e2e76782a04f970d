/** Views of scraping: a deployment's scrape targets with their health, and the operators' allow-list. */
@NullMarked
package dev.inferencemetrics.scrape.ui;

import org.jspecify.annotations.NullMarked;
