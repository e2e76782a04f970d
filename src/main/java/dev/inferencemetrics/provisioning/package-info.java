/** Provisioning: automation creates and updates tenants and deployments by slug with an operator key. */
@NullMarked
package dev.inferencemetrics.provisioning;

import org.jspecify.annotations.NullMarked;
