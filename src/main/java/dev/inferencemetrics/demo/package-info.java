/** Demo mode: seeds tenants, users and deployments so a fresh install has something to show. */
@NullMarked
package dev.inferencemetrics.demo;

import org.jspecify.annotations.NullMarked;
