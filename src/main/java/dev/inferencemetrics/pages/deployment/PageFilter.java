package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one consumer, adapter or priority the deployment page is narrowed to, if any, kept in the page's address
 * ({@code ?consumer=acme}) so a copied link opens the same narrowed page. An address naming a value no request could
 * carry narrows nothing and says why.
 */
final class PageFilter {

    private final PageAddress address;
    private final List<Runnable> listeners = new ArrayList<>();
    private @Nullable DimensionValue value;
    private @Nullable String problem;

    PageFilter(PageAddress address) {
        this.address = address;
        List<DimensionValue> named = new ArrayList<>(1);
        for (Dimension dimension : Dimension.values()) {
            address.get(dimension.code()).ifPresent(text -> dimension
                    .problem(text)
                    .ifPresentOrElse(
                            reason -> problem = "The link's " + dimension.code() + " '" + text + "' cannot be one ("
                                    + reason + "), so the page shows every request.",
                            () -> named.add(new DimensionValue(dimension, text))));
        }
        if (problem == null && named.size() > 1) {
            problem = "The link names more than one of consumer, adapter and priority; the page narrows to one at a"
                    + " time, so it shows every request.";
        } else if (problem == null && named.size() == 1) {
            value = named.getFirst();
        }
    }

    /** The value the page is narrowed to, or null for every request. */
    @Nullable
    DimensionValue value() {
        return value;
    }

    /** Why the address's filter was not applied, if it was not. */
    Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** Narrows the page to this value (null: every request), in the address too, and tells whoever follows. */
    void set(@Nullable DimensionValue chosen) {
        problem = null;
        value = chosen;
        for (Dimension dimension : Dimension.values()) {
            address.put(dimension.code(), chosen != null && chosen.dimension() == dimension ? chosen.value() : null);
        }
        listeners.forEach(Runnable::run);
    }

    void onChange(Runnable listener) {
        listeners.add(listener);
    }

    /** "Consumer" for the consumer dimension. */
    static String label(Dimension dimension) {
        return dimension.code().substring(0, 1).toUpperCase(Locale.ROOT)
                + dimension.code().substring(1);
    }
}
