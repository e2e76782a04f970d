package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.ingest.SampleOrder;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a drill-down orders requests by, as the API and the page name it; the order itself is the raw table's. */
public enum RequestSort {
    TTFT("ttft", "TTFT", SampleOrder.TTFT),
    ITL("itl", "ITL", SampleOrder.ITL),
    E2E("e2e", "E2E", SampleOrder.E2E),
    QUEUE("queue", "queue time", SampleOrder.QUEUE),
    TIME("time", "time", SampleOrder.TIME),
    INPUT("input", "input tokens", SampleOrder.INPUT),
    OUTPUT("output", "output tokens", SampleOrder.OUTPUT);

    private final String code;
    private final String label;
    private final SampleOrder order;

    RequestSort(String code, String label, SampleOrder order) {
        this.code = code;
        this.label = label;
        this.order = order;
    }

    public String code() {
        return code;
    }

    public String label() {
        return label;
    }

    SampleOrder order() {
        return order;
    }

    /** @throws UnusableValueException naming the accepted values */
    public static RequestSort of(String code) {
        return Arrays.stream(values())
                .filter(sort -> sort.code.equals(code.toLowerCase(Locale.ROOT)))
                .findFirst()
                .orElseThrow(() -> new UnusableValueException("sort must be one of "
                        + Arrays.stream(values()).map(RequestSort::code).collect(Collectors.joining(", "))));
    }
}
