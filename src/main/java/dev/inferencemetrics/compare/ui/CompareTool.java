package dev.inferencemetrics.compare.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.contextmenu.MenuItem;
import com.vaadin.flow.component.contextmenu.SubMenu;
import com.vaadin.flow.component.menubar.MenuBar;
import com.vaadin.flow.component.menubar.MenuBarVariant;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.ui.MetricsTabTool;
import dev.inferencemetrics.security.SignedInUser;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The Metrics tab's *Compare…* menu: the window on screen against the one before it, the same window a week
 * earlier, or the hour after it; and a chart point's hour against the hour after. The later period is always B.
 */
@Component
class CompareTool implements MetricsTabTool {

    private static final Duration HOUR = Duration.ofHours(1);

    @Override
    public Optional<Tool> tool(SignedInUser user, DeploymentRef deployment, Runnable redrawMarks) {
        return Optional.empty();
    }

    @Override
    public Optional<Tool> tool(
            SignedInUser user, DeploymentRef deployment, Runnable redrawMarks, Supplier<QueryWindow> shown) {
        MenuBar menu = new MenuBar();
        menu.addClassName("compare-menu");
        menu.addThemeVariants(MenuBarVariant.LUMO_TERTIARY);
        MenuItem compare = menu.addItem("Compare…");
        SubMenu presets = compare.getSubMenu();
        String slug = deployment.slug();
        presets.addItem("Previous period", click -> {
            QueryWindow w = shown.get();
            Duration length = Duration.between(w.from(), w.to());
            open(slug, w.from().minus(length), w.from(), w.from(), w.to());
        });
        presets.addItem("Same period last week", click -> {
            QueryWindow w = shown.get();
            Duration week = Duration.ofDays(7);
            open(slug, w.from().minus(week), w.to().minus(week), w.from(), w.to());
        });
        presets.addItem("The hour after", click -> {
            QueryWindow w = shown.get();
            open(slug, w.from(), w.to(), w.to(), w.to().plus(HOUR));
        });
        return Optional.of(new Tool(
                menu,
                "Compare this hour with the hour after",
                (Instant time) -> open(slug, time, time.plus(HOUR), time.plus(HOUR), time.plus(HOUR.multipliedBy(2)))));
    }

    private static void open(String slug, Instant aFrom, Instant aTo, Instant bFrom, Instant bTo) {
        Map<String, String> query = CompareQuery.of(slug, null, aFrom, aTo, bFrom, bTo);
        UI.getCurrent().navigate(CompareView.class, QueryParameters.simple(query));
    }
}
