package dev.inferencemetrics.billing;

import java.time.ZoneId;

/** A tenant as billing sees it: who it is and the time zone its billing days run in. */
public record BillingTenant(long id, String slug, String name, ZoneId timeZone) {}
