package dev.inferencemetrics.base.ui.chart;

import dev.inferencemetrics.base.format.NumberRule;
import dev.inferencemetrics.base.format.NumberRules;

/** What a chart's values are, and so the rule its axis and tooltips write them with: the pages' own. */
public enum ChartUnit {
    /** 76 ms, 11.36 s */
    MILLISECONDS(NumberRules.LATENCY),
    /** 2.3 % (values are percentages) */
    PERCENT(NumberRules.PERCENT),
    /** 12.50/s */
    PER_SECOND(NumberRules.RATE),
    /** 1.2 % (values are fractions of one) */
    FRACTION(NumberRules.SHARE),
    /** 950, 12.3k, 4.56M, 1.2B */
    TOKENS(NumberRules.TOKENS),
    /** 68.2 W */
    WATTS(NumberRules.WATTS),
    /** 12.35, < 0.01 (a currency amount; the series name says which currency) */
    MONEY(NumberRules.MONEY);

    private final NumberRule rule;

    ChartUnit(NumberRule rule) {
        this.rule = rule;
    }

    public NumberRule rule() {
        return rule;
    }
}
