/**
 * Scraping engine /metrics endpoints (vLLM, SGLang, NVIDIA NIM, NVIDIA Dynamo): targets per deployment, the alias
 * table from engine names to ours, the scraper with its lease, and the operators' allow-list of where it may go.
 */
@NullMarked
package dev.inferencemetrics.scrape;

import org.jspecify.annotations.NullMarked;
