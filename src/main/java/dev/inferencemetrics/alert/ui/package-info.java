/**
 * The alert history page, alert bands on the Metrics charts, firing alerts on the fleet overview and the deployment
 * page's tab that edits objectives, rules and silences.
 */
@NullMarked
package dev.inferencemetrics.alert.ui;

import org.jspecify.annotations.NullMarked;
