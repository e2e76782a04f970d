package dev.inferencemetrics.ingest;

import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Why a request stopped generating, as its source said it: {@code stop}, {@code length} (its token budget ran out),
 * {@code abort}, {@code tool_calls}, {@code content_filter}, … — any 1 to 32 lower-case letters, digits and
 * underscores starting with a letter, the form vLLM's {@code finished_reason}, OpenAI's {@code finish_reason} and the
 * GenAI spans' {@code gen_ai.response.finish_reasons} share. Upper case is folded, and {@code max_tokens} (Anthropic,
 * Gemini) is {@code length}.
 */
public final class FinishReason {

    /** Stopped by its token budget: the answer is incomplete. */
    public static final String LENGTH = "length";

    private static final Pattern FORM = Pattern.compile("[a-z][a-z0-9_]{0,31}");

    private FinishReason() {}

    /**
     * The reason in its stored form, or null when none was given.
     *
     * @throws InvalidSample when it is not of the form above
     */
    static @Nullable String normalised(@Nullable String reason) {
        if (reason == null) {
            return null;
        }
        String folded = reason.toLowerCase(Locale.ROOT);
        if (!FORM.matcher(folded).matches()) {
            throw new InvalidSample(
                    "finishReason takes 1 to 32 letters, digits and underscores, starting with a letter (stop, length,"
                            + " abort, …)");
        }
        return "max_tokens".equals(folded) ? LENGTH : folded;
    }
}
