package dev.inferencemetrics.billing;

/** The orders the per-deployment usage list can be read in; each names the SQL it sorts by, never user text. */
public enum UsageSort {
    DEPLOYMENT("lower(d.display_name)"),
    TENANT("lower(t.name)"),
    REQUESTS("sum(r.requests)"),
    OK_REQUESTS("sum(r.ok_requests)"),
    INPUT_TOKENS("sum(r.input_tokens)"),
    OUTPUT_TOKENS("sum(r.output_tokens)"),
    /** Goodput % (good ÷ judged requests); deployments without judged requests sort below every share. */
    GOODPUT("coalesce(sum(r.good_requests)::float8 / nullif(sum(r.counted_requests), 0), -1)");

    private final String expression;

    UsageSort(String expression) {
        this.expression = expression;
    }

    String expression() {
        return expression;
    }
}
