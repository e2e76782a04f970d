package dev.inferencemetrics.alert;

import java.time.Duration;

/** What operators and tenant admins change on a rule: when it fires, when it clears, and whether it is on. */
public record RuleSettings(double threshold, double clearBelow, Duration forDuration, boolean enabled) {}
