package dev.inferencemetrics.annotation;

import dev.inferencemetrics.base.UnusableValueException;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * An annotation as a caller asks for it, checked: 1–500 characters of text, a moment or a range whose end is not
 * before its start, and at most 10 tags of letters, digits and {@code . _ : / = + -} (each at most 40 characters,
 * duplicates dropped).
 *
 * @throws UnusableValueException saying what is wrong
 */
public record AnnotationDraft(Instant from, @Nullable Instant to, String text, List<String> tags) {

    public static final int MAX_TEXT = 500;
    public static final int MAX_TAGS = 10;
    static final int MAX_TAG = 40;
    private static final Pattern TAG = Pattern.compile("[\\p{L}\\p{N}._:/=+-]{1," + MAX_TAG + "}");

    public AnnotationDraft {
        text = text.strip();
        if (text.isEmpty()) {
            throw new UnusableValueException("text must not be empty");
        }
        if (text.length() > MAX_TEXT) {
            throw new UnusableValueException("text must be at most 500 characters, not " + text.length());
        }
        if (text.indexOf('\0') >= 0) {
            throw new UnusableValueException("text must not contain NUL characters");
        }
        if (to != null && to.isBefore(from)) {
            throw new UnusableValueException("to must not be before from");
        }
        if (to != null && to.equals(from)) {
            to = null;
        }
        tags = List.copyOf(new LinkedHashSet<>(tags.stream().map(String::strip).toList()));
        if (tags.size() > MAX_TAGS) {
            throw new UnusableValueException("at most 10 tags");
        }
        for (String tag : tags) {
            if (!TAG.matcher(tag).matches()) {
                throw new UnusableValueException(
                        "tag \"" + tag + "\" must be 1 to 40 letters, digits or . _ : / = + -");
            }
        }
    }
}
