package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.Location;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.metrics.TimeRange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the deployment page shows, in its address: the time range, the tab and the auto-refresh choice as query
 * parameters ({@code ?range=24h&tab=sources&refresh=30s}), so a copied link opens the same view. Each part is
 * changed alone and the others are kept.
 */
final class PageAddress {

    static final String TAB = "tab";
    static final String REFRESH = "refresh";
    private static final List<String> RANGE = List.of("range", "from", "to");

    private final Map<String, String> parameters = new LinkedHashMap<>();

    PageAddress(Map<String, List<String>> query) {
        query.forEach((name, values) -> {
            if (!values.isEmpty()) {
                parameters.put(name, values.getFirst());
            }
        });
    }

    Optional<String> get(String name) {
        return Optional.ofNullable(parameters.get(name));
    }

    /** The range replaces the one in the address, a preset's code or a custom range's from and to. */
    void range(TimeRange range) {
        RANGE.forEach(parameters::remove);
        Map<String, String> ordered = new LinkedHashMap<>(range.toQuery());
        ordered.putAll(parameters);
        parameters.clear();
        parameters.putAll(ordered);
        write();
    }

    /** Sets one part, or leaves it out where it is the page's default (null). */
    void put(String name, @Nullable String value) {
        if (value == null) {
            parameters.remove(name);
        } else {
            parameters.put(name, value);
        }
        write();
    }

    Map<String, String> parameters() {
        return Map.copyOf(parameters);
    }

    private void write() {
        UI ui = UI.getCurrent();
        if (ui != null) {
            ui.getPage()
                    .getHistory()
                    .replaceState(
                            null,
                            new Location(ui.getActiveViewLocation().getPath(), QueryParameters.simple(parameters)));
        }
    }
}
