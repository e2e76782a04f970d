package dev.inferencemetrics.deployment;

import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Latency targets by use case, as P99s: 99 % of requests within the TTFT and 99 % of token gaps within the ITL
 * figure. The one table the deployment editor, the provisioning API and the objectives API offer; applying one fills
 * the fields, which the operator may still change.
 */
public enum SloPreset {
    INTERACTIVE_CHAT("interactive-chat", "Interactive chat", 300, 50),
    VOICE_AGENT("voice-agent", "Voice agent", 150, 30),
    INLINE_CODE_COMPLETION("inline-code-completion", "Inline code completion", 100, 25),
    CODE_COMPLETION_PANEL("code-completion-panel", "Code completion in a panel", 300, 50),
    RETRIEVAL_AUGMENTED_CHAT("retrieval-augmented-chat", "Retrieval-augmented chat", 400, 80),
    BATCH_AND_ASYNC_AGENTS("batch-and-async-agents", "Batch and async agents", 3000, 200);

    /** The share of events a preset's thresholds hold: they are P99 targets. */
    public static final double TARGET_PCT = 99;

    private final String id;
    private final String label;
    private final int ttftP99Ms;
    private final int itlP99Ms;

    SloPreset(String id, String label, int ttftP99Ms, int itlP99Ms) {
        this.id = id;
        this.label = label;
        this.ttftP99Ms = ttftP99Ms;
        this.itlP99Ms = itlP99Ms;
    }

    /** The name the APIs take, e.g. {@code interactive-chat}. */
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    public BigDecimal ttftP99Ms() {
        return BigDecimal.valueOf(ttftP99Ms);
    }

    public BigDecimal itlP99Ms() {
        return BigDecimal.valueOf(itlP99Ms);
    }

    /** What a picker shows: the use case and its two targets. */
    public String describe() {
        return label + " — TTFT p99 " + ttftP99Ms + " ms, ITL p99 " + itlP99Ms + " ms";
    }

    /**
     * The preset of this name.
     *
     * @throws UnusableValueException naming the presets there are, when there is none of that name
     */
    public static SloPreset of(String id) {
        return Arrays.stream(values())
                .filter(preset -> preset.id.equals(id.strip()))
                .findFirst()
                .orElseThrow(() -> new UnusableValueException("there is no SLO preset '" + id + "'; the presets are "
                        + Arrays.stream(values()).map(SloPreset::id).collect(Collectors.joining(", "))));
    }
}
