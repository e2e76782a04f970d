package dev.inferencemetrics.base.format;

import dev.inferencemetrics.base.format.NumberRule.Step;
import java.util.List;

/** The product's number rules: latencies, percentages, shares, rates, token counts, power and money. */
public final class NumberRules {

    /** 0.42 ms, 7.6 ms, 76 ms, 11.36 s */
    public static final NumberRule LATENCY = new NumberRule(List.of(
            Step.from(1000.0, 1000, 2, " s"),
            Step.from(10.0, 1, 0, " ms"),
            Step.from(1.0, 1, 1, " ms"),
            Step.from(null, 1, 2, " ms")));

    /** 2.3 % for a value that is already a percentage */
    public static final NumberRule PERCENT = new NumberRule(List.of(Step.from(null, 1, 1, " %")));

    /** 97.2 % for a fraction of one */
    public static final NumberRule SHARE = new NumberRule(List.of(Step.from(null, 0.01, 1, " %")));

    /**
     * 1,234/s, 12/s, 0.42/s; below 0.1/s per hour (7/h, 0.50/h), where a per-second figure would read 0.00/s; 0/s.
     */
    public static final NumberRule RATE = new NumberRule(List.of(
            new Step(10.0, 1, 0, true, "/s", null),
            Step.from(0.1, 1, 2, "/s"),
            new Step(1 / 3600.0, 1 / 3600.0, 0, true, "/h", null),
            Step.from(Double.MIN_VALUE, 1 / 3600.0, 2, "/h"),
            Step.from(null, 1, 0, "/s")));

    /** 1,234,567: a count with thousands separators */
    public static final NumberRule COUNT = new NumberRule(List.of(new Step(null, 1, 0, true, "", null)));

    /** 2,826.0 and 4.0: a gauge reading such as requests waiting per replica */
    public static final NumberRule READING = new NumberRule(List.of(new Step(null, 1, 1, true, "", null)));

    /** 68.2 W: a power draw */
    public static final NumberRule WATTS = new NumberRule(List.of(new Step(null, 1, 1, true, " W", null)));

    /** 950, 12.3k, 4.56M, 1.2B */
    public static final NumberRule TOKENS = new NumberRule(List.of(
            Step.from(1e11, 1e9, 0, "B"),
            Step.from(1e10, 1e9, 1, "B"),
            Step.from(1e9, 1e9, 2, "B"),
            Step.from(1e8, 1e6, 0, "M"),
            Step.from(1e7, 1e6, 1, "M"),
            Step.from(1e6, 1e6, 2, "M"),
            Step.from(1e5, 1e3, 0, "k"),
            Step.from(1e4, 1e3, 1, "k"),
            Step.from(1e3, 1e3, 2, "k"),
            Step.from(null, 1, 0, "")));

    /** 1,234.56 and 0.40; a non-zero amount below a cent is "< 0.01" rather than a zero */
    public static final NumberRule MONEY = new NumberRule(List.of(
            new Step(0.01, 1, 2, true, "", null),
            new Step(Double.MIN_VALUE, 1, 2, false, "", "< 0.01"),
            Step.from(null, 1, 2, "")));

    private NumberRules() {}
}
