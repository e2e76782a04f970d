/** Our own small Flow wrapper around ApexCharts: a typed configuration in Java, drawn by a TypeScript element. */
@NullMarked
package dev.inferencemetrics.base.ui.chart;

import org.jspecify.annotations.NullMarked;
