/** Annotations on the Metrics tab: markers on every chart, the dialog that adds one, the drill-down list. */
@NullMarked
package dev.inferencemetrics.annotation.ui;

import org.jspecify.annotations.NullMarked;
