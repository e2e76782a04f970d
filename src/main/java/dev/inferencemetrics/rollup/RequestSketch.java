package dev.inferencemetrics.rollup;

/**
 * The distributions a request rollup stores, each a sketch column of {@code request_rollup}: a reader that needs one
 * of them (the heatmap) reads that column alone instead of decoding all six.
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
