package dev.inferencemetrics.alert;

/** Who a firing alert is for: someone now (page) or someone in working hours (ticket). */
public enum Severity {
    PAGE,
    TICKET
}
