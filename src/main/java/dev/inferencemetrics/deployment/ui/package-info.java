/** Where operators create tenants and deployments. */
@NullMarked
package dev.inferencemetrics.deployment.ui;

import org.jspecify.annotations.NullMarked;
