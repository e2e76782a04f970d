package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/** Exact amounts per currency, kept apart: amounts in different currencies never add up. */
public record Costs(SortedMap<String, BigDecimal> byCurrency) {

    public static final Costs NONE = new Costs(new TreeMap<>());

    public Costs {
        byCurrency = Collections.unmodifiableSortedMap(new TreeMap<>(byCurrency));
    }

    public Costs plus(String currency, BigDecimal amount) {
        TreeMap<String, BigDecimal> sum = new TreeMap<>(byCurrency);
        sum.merge(currency, amount, BigDecimal::add);
        return new Costs(sum);
    }

    public Costs plus(Costs other) {
        Costs sum = this;
        for (var amount : other.byCurrency.entrySet()) {
            sum = sum.plus(amount.getKey(), amount.getValue());
        }
        return sum;
    }

    public BigDecimal in(String currency) {
        return byCurrency.getOrDefault(currency, BigDecimal.ZERO);
    }
}
