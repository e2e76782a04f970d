package dev.inferencemetrics.rollup;

/**
 * The distributions of ok requests a request rollup stores for every deployment, each a sketch column of
 * {@code request_rollup}: a reader that needs one of them (the heatmap) reads that column alone instead of decoding
 * every sketch of the row. (Queue times, which few sources report, are not among them.)
 */
public enum RequestSketch {
    TTFT("ttft"),
    ITL("itl"),
    E2E("e2e"),
    INPUT_TOKENS("input_tokens_sketch"),
    OUTPUT_TOKENS("output_tokens_sketch");

    private final String column;

    RequestSketch(String column) {
        this.column = column;
    }

    String column() {
        return column;
    }
}
